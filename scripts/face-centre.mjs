#!/usr/bin/env node
// Writes server/src/face/facerec-centre.json: the mean FaceRecognitionNet descriptor (each
// L2-normalised) of the faces in @vladmandic/human/assets/screenshot-facematch.jpg, a contact
// sheet of ~110 face crops that ships with the package. The face worker subtracts it from
// every descriptor (see embedders.cjs). The faces are independent of the accuracy bench's
// (face-api's samples, the faces dev set). faceres-centre.json, engine version 2's centre, was
// made the same way with faceres.
//   node scripts/face-centre.mjs
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

process.env.FACE_EMBEDDING_CENTRE = 'off';
register();
const require = createRequire(import.meta.url);
const { createFaceEngine, FACE_DIMS } = require('../server/src/face/engine.ts');

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const sheet = path.join(root, 'node_modules/@vladmandic/human/assets/screenshot-facematch.jpg');
const out = path.join(root, 'server/src/face/facerec-centre.json');

const engine = await createFaceEngine({ workers: 1 });
const faces = await engine.detect(fs.readFileSync(sheet), { mode: 'photo' });
await engine.close();
if (faces.length < 50) throw new Error(`only ${faces.length} faces found in ${sheet}`);
const mean = new Float64Array(FACE_DIMS);
for (const f of faces) for (let i = 0; i < FACE_DIMS; i++) mean[i] += f.embedding[i] / faces.length;
fs.writeFileSync(out, JSON.stringify(Array.from(mean, (x) => Number(x.toFixed(6)))) + '\n');
console.log(`${faces.length} faces averaged into ${path.relative(root, out)}`);
