'use strict';
// The faces dev set (../shared/datasets/faces-dev, labelled in face-dev-set.json) and its
// figures: recall on pairs of the same person in *different* photographs, and the false-match
// rate on pairs of different people. Shared by bench/face-accuracy.mjs, bench/face-models.mjs
// and tests/server/face-dev-set.test.ts.
const fs = require('node:fs');
const path = require('node:path');

/** Where the set is: FACES_DEV_DIR, else ../shared/datasets/faces-dev beside the repository. */
function devSetDir() {
  if (process.env.FACES_DEV_DIR) return process.env.FACES_DEV_DIR;
  const root = path.resolve(__dirname, '..');
  for (const dir of [path.join(root, '..', 'shared', 'datasets', 'faces-dev'), path.join(root, '..', '..', 'shared', 'datasets', 'faces-dev')]) {
    if (fs.existsSync(path.join(dir, 'README.md'))) return dir;
  }
  return null;
}

/** The labelled files: [{file (absolute), name, photo, people}]; null when the set is not here. */
function devSetFiles() {
  const dir = devSetDir();
  if (!dir) return null;
  const { files } = JSON.parse(fs.readFileSync(path.join(__dirname, 'face-dev-set.json'), 'utf8'));
  return files.map((f) => ({ ...f, name: f.file, file: path.join(dir, f.file) }));
}

/**
 * A photo's labelled faces: the `people.length` largest of `faces` ({box: {x, y, w, h}}), left
 * to right, paired with the labels. Answers [{person, face}] (fewer when faces are missing:
 * then the missing ones are the labels that found no face, reported as null faces).
 */
function labelFaces(entry, faces) {
  const big = [...faces].sort((p, q) => q.box.w * q.box.h - p.box.w * p.box.h).slice(0, entry.people.length);
  if (big.length < entry.people.length) {
    // Too few faces: which label each belongs to is unknown; none is trusted (all count as missed).
    return entry.people.map((person) => ({ person, face: null }));
  }
  big.sort((p, q) => p.box.x - q.box.x);
  return entry.people.map((person, k) => ({ person, face: big[k] }));
}

/** Dot product of two L2-normalised embeddings (cosine similarity). */
function cosine(a, b) {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/**
 * Pairs of samples [{person, photo, name, embedding|null}]: genuine (same person, different
 * photographs) and impostor (different people), each {sim, a, b}; a sample without an
 * embedding (its face was not found) makes its genuine pairs misses (sim -Infinity) and no
 * impostor pairs. `extraImpostors` (embeddings of faces of other people) pair with every sample.
 */
function devPairs(samples, extraImpostors = []) {
  const genuine = [];
  const impostor = [];
  for (let i = 0; i < samples.length; i++) {
    for (let j = i + 1; j < samples.length; j++) {
      const a = samples[i];
      const b = samples[j];
      const sim = a.embedding && b.embedding ? cosine(a.embedding, b.embedding) : -Infinity;
      if (a.person === b.person) {
        if (a.photo !== b.photo) genuine.push({ sim, a, b });
      } else if (a.embedding && b.embedding) impostor.push({ sim, a, b });
    }
    if (samples[i].embedding) for (const e of extraImpostors) impostor.push({ sim: cosine(samples[i].embedding, e.embedding), a: samples[i], b: e });
  }
  return { genuine, impostor };
}

/** Recall and false-match rate at threshold t. */
function ratesAt(pairs, t) {
  const tp = pairs.genuine.filter((p) => p.sim >= t).length;
  const fp = pairs.impostor.filter((p) => p.sim >= t).length;
  return { t, tp, fp, recall: tp / (pairs.genuine.length || 1), fmr: fp / (pairs.impostor.length || 1) };
}

/** The lowest threshold whose false-match rate is at most `fmr` (just above the impostor similarity it must reject). */
function thresholdAtFmr(pairs, fmr) {
  const sims = pairs.impostor.map((p) => p.sim).sort((x, y) => y - x);
  const allowed = Math.floor(fmr * sims.length);
  if (allowed >= sims.length) return -1;
  return sims[allowed] + 1e-6;
}

/** Per person: genuine pairs matched at t, and of how many. */
function perPerson(pairs, t) {
  const out = {};
  for (const p of pairs.genuine) {
    const e = (out[p.a.person] = out[p.a.person] || { pairs: 0, hit: 0, lowest: Infinity });
    e.pairs++;
    if (p.sim >= t) e.hit++;
    e.lowest = Math.min(e.lowest, p.sim);
  }
  return out;
}

/**
 * The dev set through a face engine (engine.ts createFaceEngine): every file in photo mode (as
 * the gallery indexes it), its labelled faces as samples; the single-person files in selfie mode
 * too (as a visitor's selfie). Answers {samples, selfies} ([{person, photo, name, embedding|null}];
 * a selfie that is refused has a null embedding) or null when the set is not here.
 */
async function embedDevSet(engine) {
  const files = devSetFiles();
  if (!files) return null;
  const samples = [];
  const selfies = [];
  for (const entry of files) {
    const bytes = fs.readFileSync(entry.file);
    const faces = await engine.detect(bytes, { mode: 'photo' });
    for (const { person, face } of labelFaces(entry, faces)) samples.push({ person, photo: entry.photo, name: entry.name, file: entry.file, box: face ? face.box : null, embedding: face ? face.embedding : null });
    if (entry.people.length === 1) {
      const selfie = await engine.detect(bytes, { mode: 'selfie' }).catch(() => null);
      selfies.push({ person: entry.people[0], photo: entry.photo, name: entry.name, embedding: selfie ? selfie[0].embedding : null });
    }
  }
  return { samples, selfies };
}

/**
 * Grey face crops as selfies, like a scanned ID photo or an old face database: each
 * single-person photo's face (its photo-mode box: 1.33 × the face mesh's extent) cut tight
 * (the mesh's extent wide, 112:92 tall), scaled to 92 × 112 px, grey. Answers samples as
 * embedDevSet's selfies (null embedding: refused).
 */
async function greyCropSelfies(engine, samples) {
  const sharp = require('sharp');
  const singles = new Set(devSetFiles().filter((e) => e.people.length === 1).map((e) => e.name));
  const out = [];
  for (const s of samples) {
    if (!singles.has(s.name) || !s.box) continue;
    const img = sharp(fs.readFileSync(s.file)).rotate();
    const { width, height } = await sharp(await img.clone().png().toBuffer()).metadata();
    const w = Math.max(s.box.w, s.box.h) / 1.33;
    const h = (w * 112) / 92;
    const left = Math.max(0, Math.round(s.box.x + s.box.w / 2 - w / 2));
    const top = Math.max(0, Math.round(s.box.y + s.box.h / 2 - h / 2));
    const crop = await img
      .extract({ left, top, width: Math.min(width - left, Math.round(w)), height: Math.min(height - top, Math.round(h)) })
      .resize(92, 112, { fit: 'fill' })
      .greyscale()
      .png()
      .toBuffer();
    const found = await engine.detect(crop, { mode: 'selfie' }).catch(() => null);
    out.push({ person: s.person, photo: s.photo, name: `${s.name} (grey crop)`, embedding: found ? found[0].embedding : null });
  }
  return out;
}

/** Every face of @vladmandic/face-api's demo group photos (people not in the dev set): impostors for every dev face. */
async function otherPeople(engine) {
  const dir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
  const out = [];
  for (let i = 1; i <= 6; i++) {
    for (const f of await engine.detect(fs.readFileSync(path.join(dir, `sample${i}.jpg`)), { mode: 'photo' })) out.push({ person: `(face-api sample${i})`, photo: `sample${i}`, name: `sample${i}.jpg`, embedding: f.embedding });
  }
  return out;
}

/**
 * Selfie-to-gallery pairs: each selfie against every gallery sample of another photograph:
 * genuine when the same person, impostor when not (and every selfie against `extraImpostors`).
 */
function selfiePairs(selfies, samples, extraImpostors = []) {
  const genuine = [];
  const impostor = [];
  for (const a of selfies) {
    for (const b of samples) {
      if (a.photo === b.photo) continue;
      const sim = a.embedding && b.embedding ? cosine(a.embedding, b.embedding) : -Infinity;
      if (a.person === b.person) genuine.push({ sim, a, b });
      else if (a.embedding && b.embedding) impostor.push({ sim, a, b });
    }
    if (a.embedding) for (const e of extraImpostors) impostor.push({ sim: cosine(a.embedding, e.embedding), a, b: e });
  }
  return { genuine, impostor };
}

module.exports = {
  embedDevSet,
  greyCropSelfies,
  otherPeople,
  selfiePairs, devSetDir, devSetFiles, labelFaces, devPairs, ratesAt, thresholdAtFmr, perPerson, cosine };
