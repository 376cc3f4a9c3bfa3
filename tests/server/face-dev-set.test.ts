// Recognition of people, not photos: the face engine (real inference) on the faces dev set
// (../shared/datasets/faces-dev, labelled in bench/face-dev-set.json), real different photos of
// the same people. Recall on pairs of the same person in different photographs must be at least
// 90 % at MATCH_THRESHOLD, while pairs of different people (the set's other people, its
// negative, and every face of face-api's demo group photos) match at most 0.1 % of the time.
// `node bench/face-accuracy.mjs` prints the same figures with a threshold sweep.
import { FACE_DIMS, FACE_ENGINE_VERSION, FACE_ENGINE_VERSIONS, MATCH_THRESHOLD, createFaceEngine, similarity, type FaceEngine } from '../../server/src/face/engine';

interface Sample {
  person: string;
  photo: string;
  name: string;
  embedding: Float32Array | null;
}
interface Pairs {
  genuine: Array<{ sim: number; a: Sample; b: Sample }>;
  impostor: Array<{ sim: number; a: Sample; b: Sample }>;
}
const dev = require('../../bench/face-dev-set.cjs') as {
  devSetDir(): string | null;
  embedDevSet(engine: FaceEngine): Promise<{ samples: Sample[]; selfies: Sample[] } | null>;
  greyCropSelfies(engine: FaceEngine, samples: Sample[]): Promise<Sample[]>;
  otherPeople(engine: FaceEngine): Promise<Sample[]>;
  devPairs(samples: Sample[], extra: Sample[]): Pairs;
  selfiePairs(selfies: Sample[], samples: Sample[], extra: Sample[]): Pairs;
  ratesAt(pairs: Pairs, t: number): { recall: number; fmr: number; tp: number; fp: number };
  perPerson(pairs: Pairs, t: number): Record<string, { pairs: number; hit: number }>;
};

let engine: FaceEngine;
let set: { samples: Sample[]; selfies: Sample[] };
let others: Sample[];

beforeAll(async () => {
  if (!dev.devSetDir()) throw new Error('the faces dev set (../shared/datasets/faces-dev, or FACES_DEV_DIR) is missing');
  engine = await createFaceEngine();
  set = (await dev.embedDevSet(engine)) as typeof set;
  others = await dev.otherPeople(engine);
}, 600_000);

afterAll(async () => {
  await engine?.close();
});

/** Why a pair list misses the budget, for the failure message. */
const explain = (pairs: Pairs) => {
  const missed = pairs.genuine.filter((p) => p.sim < MATCH_THRESHOLD).map((p) => `${p.a.name} ~ ${p.b.name}: ${p.sim.toFixed(3)}`);
  const wrong = pairs.impostor.filter((p) => p.sim >= MATCH_THRESHOLD).map((p) => `${p.a.name} ~ ${p.b.name}: ${p.sim.toFixed(3)}`);
  return { missed, wrong };
};

test('every labelled face of the dev set is found, embedded at the engine length', () => {
  expect(set.samples.filter((s) => !s.embedding).map((s) => s.name)).toEqual([]);
  for (const s of set.samples) expect(s.embedding).toHaveLength(FACE_DIMS);
  expect(others.length).toBeGreaterThanOrEqual(15);
});

test('photo to photo: recall >= 90% on different-photo pairs at a false-match rate <= 0.1%', () => {
  const pairs = dev.devPairs(set.samples, others);
  expect(pairs.genuine.length).toBeGreaterThanOrEqual(60);
  // ~935 impostor pairs: at most 0.1 % of them allows no false match at all.
  expect(pairs.impostor.length).toBeGreaterThanOrEqual(900);
  const r = dev.ratesAt(pairs, MATCH_THRESHOLD);
  const why = explain(pairs);
  expect({ recall: r.recall >= 0.9, fmr: r.fmr <= 0.001, ...why }).toEqual({ recall: true, fmr: true, missed: why.missed, wrong: why.wrong });
  // Every person of the set is found across their photos, not one person carrying the figure.
  for (const [person, e] of Object.entries(dev.perPerson(pairs, MATCH_THRESHOLD))) expect({ person, ok: e.hit / e.pairs >= 0.75 }).toEqual({ person, ok: true });
});

test('selfie to gallery: a selfie finds the person in their other photos, and nobody else', () => {
  expect(set.selfies.filter((s) => !s.embedding).map((s) => s.name)).toEqual([]);
  const pairs = dev.selfiePairs(set.selfies, set.samples, others);
  const r = dev.ratesAt(pairs, MATCH_THRESHOLD);
  const why = explain(pairs);
  expect({ recall: r.recall >= 0.9, fmr: r.fmr <= 0.001, ...why }).toEqual({ recall: true, fmr: true, missed: why.missed, wrong: why.wrong });
});

test('a small grey face crop as a selfie finds the person in their other photos, and nobody else', async () => {
  const grey = await dev.greyCropSelfies(engine, set.samples);
  expect(grey.length).toBeGreaterThanOrEqual(20);
  expect(grey.filter((s) => !s.embedding).map((s) => s.name)).toEqual([]);
  const pairs = dev.selfiePairs(grey, set.samples, others);
  const r = dev.ratesAt(pairs, MATCH_THRESHOLD);
  const why = explain(pairs);
  expect({ recall: r.recall >= 0.9, fmr: r.fmr <= 0.001, ...why }).toEqual({ recall: true, fmr: true, missed: why.missed, wrong: why.wrong });
}, 180_000);

test('the previous engine version still embeds selfies (search during a re-index), at its own length', async () => {
  const previous = Number(Object.keys(FACE_ENGINE_VERSIONS).find((v) => Number(v) !== FACE_ENGINE_VERSION));
  const fs = await import('node:fs');
  const obama = set.selfies.find((s) => s.photo === 'obama')!;
  const file = `${dev.devSetDir()}/${obama.name}`;
  const [old] = await engine.detect(fs.readFileSync(file), { mode: 'selfie', version: previous });
  const [now] = await engine.detect(fs.readFileSync(file), { mode: 'selfie' });
  expect(old.embedding).toHaveLength(FACE_ENGINE_VERSIONS[previous].dims);
  expect(now.embedding).toHaveLength(FACE_DIMS);
  expect(similarity(now.embedding, obama.embedding!)).toBeGreaterThan(0.99);
  await expect(engine.detect(fs.readFileSync(file), { mode: 'selfie', version: 99 })).rejects.toThrow(/version 99/);
});
