/**
 * The in-process face index (vectors.ts MemoryVectorIndex), for a PostgreSQL without
 * pgvector: each process keeps the faces of a gallery it searched in one packed
 * Float32Array per embedding length (a search compares rows of its own length only: during a
 * re-index a gallery holds faces of two engine versions), catches up by `seq` before each search, and drops a gallery on the live
 * bus's face_reset notice. Galleries up to EXACT_MAX faces are scanned exactly; bigger
 * ones through their persons first (the PROBE_PERSONS nearest centroids).
 */
import type { Db, Queryable } from '../../db';
import type { LiveBus } from '../../live/bus';
import { dotAt, fromBytes } from './embedding';
import type { FaceHit, PersonHit, VectorIndex } from './vectors';

/** Galleries up to this many faces are scanned exactly (~20 ms in JS); bigger ones through their persons. */
export const EXACT_MAX = 20_000;
/** Persons whose faces a big gallery's search scans. */
export const PROBE_PERSONS = 48;
const LOAD_BATCH = 2000;

/**
 * One gallery's faces of one embedding length D, packed: row i is mat[i*D … i*D+D). Rows of
 * other lengths are skipped (their seq still counts). Removed rows stay, flagged dead, until the next reload.
 */
class GalleryFaces {
  constructor(readonly D: number) {}

  n = 0;
  seq = 0;
  mat = new Float32Array(0);
  ids = new Int32Array(0);
  persons = new Int32Array(0);
  photos = new Int32Array(0);
  /** Each row's engine version. */
  versions = new Int32Array(0);
  dead = new Uint8Array(0);
  rowOf = new Map<number, number>();
  byPerson = new Map<number, number[]>();
  /** Serialises catch-up loads of this gallery. */
  loading: Promise<void> = Promise.resolve();

  private grow(min: number): void {
    const cap = Math.max(min, this.ids.length * 2, 256);
    const D = this.D;
    const mat = new Float32Array(cap * D);
    mat.set(this.mat.subarray(0, this.n * D));
    const copy = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T) => {
      const b = make(cap);
      b.set(a.subarray(0, this.n));
      return b;
    };
    this.mat = mat;
    this.ids = copy(this.ids, (c) => new Int32Array(c));
    this.persons = copy(this.persons, (c) => new Int32Array(c));
    this.photos = copy(this.photos, (c) => new Int32Array(c));
    this.versions = copy(this.versions, (c) => new Int32Array(c));
    this.dead = copy(this.dead, (c) => new Uint8Array(c));
  }

  put(id: number, person: number | null, photo: number, hidden: boolean, e: Float32Array, version: number): void {
    const old = this.rowOf.get(id);
    if (old !== undefined) this.kill(old);
    if (hidden || e.length !== this.D) return;
    if (this.n >= this.ids.length) this.grow(this.n + 1);
    const r = this.n++;
    this.mat.set(e, r * this.D);
    this.ids[r] = id;
    this.persons[r] = person ?? 0;
    this.photos[r] = photo;
    this.versions[r] = version;
    this.dead[r] = 0;
    this.rowOf.set(id, r);
    if (person) {
      const list = this.byPerson.get(person) ?? [];
      list.push(r);
      this.byPerson.set(person, list);
    }
  }

  private kill(r: number): void {
    this.dead[r] = 1;
    this.rowOf.delete(this.ids[r]);
  }

  live(): number {
    return this.rowOf.size;
  }
}

interface PersonEntry {
  galleryId: number;
  centroid: Float32Array;
  alive: boolean;
}

/** Keeps the k best (highest score) items. */
class TopK<T> {
  items: Array<{ score: number; item: T }> = [];
  constructor(private k: number) {}
  get floor(): number {
    return this.items.length < this.k ? -Infinity : this.items[this.items.length - 1].score;
  }
  push(score: number, item: T): void {
    if (score <= this.floor) return;
    let i = this.items.length;
    while (i > 0 && this.items[i - 1].score < score) i--;
    this.items.splice(i, 0, { score, item });
    if (this.items.length > this.k) this.items.pop();
  }
}

export class MemoryVectorIndex implements VectorIndex {
  readonly kind = 'memory' as const;
  /** Per gallery, its faces by embedding length. */
  private galleries = new Map<number, Map<number, GalleryFaces>>();
  private persons = new Map<number, PersonEntry>();
  private personSeq = 0;
  private personLoad: Promise<void> = Promise.resolve();
  private stop: () => void;

  constructor(
    private db: Db,
    private bus: LiveBus
  ) {
    this.stop = bus.subscribeInternal((n) => {
      if (n.kind !== 'face_reset') return;
      if (n.gallery_id === 0) this.galleries.clear();
      else this.galleries.delete(n.gallery_id);
      this.persons.clear();
      this.personSeq = 0;
    });
  }

  /** Catch up with faces of `dims` values written since the last look (serialised per gallery and length). */
  private async gallery(galleryId: number, dims: number): Promise<GalleryFaces> {
    let byDims = this.galleries.get(galleryId);
    if (!byDims) {
      byDims = new Map();
      this.galleries.set(galleryId, byDims);
    }
    let g = byDims.get(dims);
    if (!g) {
      g = new GalleryFaces(dims);
      byDims.set(dims, g);
    }
    const faces = g;
    faces.loading = faces.loading.catch(() => undefined).then(async () => {
      for (;;) {
        const { rows } = await this.db.query<{ id: number; person_id: number | null; photo_id: number; hidden: boolean; embedding: Uint8Array; seq: number; engine_version: number }>(
          `SELECT id, person_id, photo_id, hidden, embedding, seq, engine_version FROM faces WHERE gallery_id = $1 AND seq > $2 ORDER BY seq LIMIT ${LOAD_BATCH}`,
          [galleryId, faces.seq]
        );
        for (const r of rows) {
          faces.put(r.id, r.person_id, r.photo_id, r.hidden, fromBytes(r.embedding), r.engine_version);
          faces.seq = Math.max(faces.seq, Number(r.seq));
        }
        if (rows.length < LOAD_BATCH) break;
      }
    });
    await faces.loading;
    return faces;
  }

  private async syncPersons(q: Queryable): Promise<void> {
    this.personLoad = this.personLoad.catch(() => undefined).then(async () => {
      for (;;) {
        const { rows } = await q.query<{ id: number; gallery_id: number; centroid: Uint8Array; face_count: number; seq: number }>(
          `SELECT id, gallery_id, centroid, face_count, seq FROM persons WHERE seq > $1 ORDER BY seq LIMIT ${LOAD_BATCH}`,
          [this.personSeq]
        );
        for (const r of rows) {
          this.persons.set(r.id, { galleryId: r.gallery_id, centroid: fromBytes(r.centroid), alive: r.face_count > 0 });
          this.personSeq = Math.max(this.personSeq, Number(r.seq));
        }
        if (rows.length < LOAD_BATCH) break;
      }
    });
    await this.personLoad;
  }

  async nearestFaces(galleryId: number, e: Float32Array, k: number, version?: number): Promise<FaceHit[]> {
    const g = await this.gallery(galleryId, e.length);
    const top = new TopK<number>(k);
    const D = g.D;
    const scanRow = (r: number) => {
      if (!g.dead[r] && (version === undefined || g.versions[r] === version)) top.push(dotAt(g.mat, r * D, e), r);
    };
    if (g.live() <= EXACT_MAX) {
      for (let r = 0; r < g.n; r++) scanRow(r);
    } else {
      const probes = await this.nearestPersons(galleryId, e, PROBE_PERSONS);
      for (const p of probes) for (const r of g.byPerson.get(p.personId) ?? []) scanRow(r);
      // Faces not (yet) in a person are few: scan them too.
      for (let r = 0; r < g.n; r++) if (!g.persons[r]) scanRow(r);
    }
    return top.items.map(({ score, item: r }) => ({ faceId: g.ids[r], personId: g.persons[r] || null, photoId: g.photos[r], similarity: score }));
  }

  async nearestPersons(galleryId: number | null, e: Float32Array, k: number, q: Queryable = this.db): Promise<PersonHit[]> {
    await this.syncPersons(q);
    if (galleryId !== null) {
      const top = new TopK<number>(k);
      for (const [id, p] of this.persons) if (p.alive && p.galleryId === galleryId && p.centroid.length === e.length) top.push(dotAt(p.centroid, 0, e), id);
      return top.items.map(({ score, item }) => ({ personId: item, galleryId, similarity: score }));
    }
    const best = new Map<number, PersonHit>();
    for (const [id, p] of this.persons) {
      if (!p.alive || p.centroid.length !== e.length) continue;
      const s = dotAt(p.centroid, 0, e);
      const cur = best.get(p.galleryId);
      if (!cur || s > cur.similarity) best.set(p.galleryId, { personId: id, galleryId: p.galleryId, similarity: s });
    }
    return [...best.values()].sort((a, b) => b.similarity - a.similarity);
  }

  async wroteFace(): Promise<void> {
    // The bytea row is what this index reads (by seq).
  }

  faceColumns(): Record<string, { value: string; cast: string }> {
    return {};
  }

  async wrotePerson(): Promise<void> {}

  async removed(galleryId: number): Promise<void> {
    await this.bus.publishInternal({ kind: 'face_reset', gallery_id: galleryId });
  }

  close(): void {
    this.stop();
  }
}
