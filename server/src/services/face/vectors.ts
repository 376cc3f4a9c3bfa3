/**
 * Nearest faces and persons of an embedding. PostgreSQL stays the ledger (faces and
 * persons with their embeddings in bytea, migration 013); search runs where it is fastest:
 *
 * - `PgVectorIndex`: the database has pgvector (the embedded PGlite loads
 *   @electric-sql/pglite-pgvector). prepare() adds `vector(n)` columns beside the
 *   bytea ones, one pair for each embedding length (EMBEDDING_LENGTHS: the 1024 of engine
 *   versions 1–2 in embedding_v / centroid_v, the 128 of version 3 in embedding_v128 /
 *   centroid_v128), and an HNSW index on each faces column (cosine; NULLs, rows of the other
 *   length, are not in it); writes fill the column of the embedding's length in the same
 *   transaction, searches are `ORDER BY embedding_v… <=> $q` in SQL on the query's length.
 * - `MemoryVectorIndex`: a PostgreSQL without the extension. Each process keeps the
 *   faces of a gallery it searched (of one embedding length) in one packed Float32Array, loaded from the same rows
 *   and kept current with one query before each search (rows whose `seq` is above the
 *   last seen: every face and person write takes the next face_seq value). Removals
 *   (deleted photos, hidden faces, destroyed profiles) are announced on the live bus
 *   (`face_reset`), so every process (Redis) drops what it holds of that gallery.
 *   A gallery up to EXACT_MAX faces is scanned exactly; a bigger one is searched
 *   through its persons first (an inverted file whose lists are the persons: the
 *   PROBE_PERSONS nearest centroids, then every face of those persons exactly).
 *
 * Callers check every hit against the database (a photo deleted a moment ago, a face
 * hidden by another process) before answering.
 */
import type { Db, Queryable } from '../../db';
import type { LiveBus } from '../../live/bus';
import { EMBEDDING_DIMS, EMBEDDING_LENGTHS, fromBytes, vectorLiteral } from './embedding';
import { MemoryVectorIndex } from './memoryIndex';

export { MemoryVectorIndex, EXACT_MAX, PROBE_PERSONS } from './memoryIndex';

export interface FaceHit {
  faceId: number;
  personId: number | null;
  photoId: number;
  similarity: number;
}

export interface PersonHit {
  personId: number;
  galleryId: number;
  similarity: number;
}

export interface VectorIndex {
  readonly kind: 'pgvector' | 'memory';
  /**
   * The faces of a gallery nearest to `e` (a unit vector), most similar first; with `version`,
   * only faces of that engine version (during a re-index a gallery holds two, transition.ts).
   */
  nearestFaces(galleryId: number, e: Float32Array, k: number, version?: number): Promise<FaceHit[]>;
  /**
   * The persons nearest to `e`: of one gallery, or (galleryId null) the nearest one of every
   * gallery. `q`: the caller's transaction (clustering reads what it wrote).
   */
  nearestPersons(galleryId: number | null, e: Float32Array, k: number, q?: Queryable): Promise<PersonHit[]>;
  /** Inside the transaction that inserted or updated the row: the search form of its embedding. */
  wroteFace(q: Queryable, faceId: number, e: Float32Array): Promise<void>;
  /**
   * The search form of an embedding as a column of the face row's INSERT (name → SQL value
   * cast), instead of wroteFace's UPDATE afterwards: one row version, indexed once (an UPDATE
   * of an indexed column makes a new row version that every index, HNSW included, takes again).
   * Empty when the index reads the bytea row.
   */
  faceColumns(e: Float32Array): Record<string, { value: string; cast: string }>;
  wrotePerson(q: Queryable, personId: number, centroid: Float32Array): Promise<void>;
  /** After a commit that removed or hid faces or persons of a gallery (0: of several). */
  removed(galleryId: number): Promise<void>;
  close(): void;
}

/** HNSW build settings: measured on PGlite (WASM), m 16 / ef 64 took ~13 ms a row to insert; these ~4 times less. */
const HNSW_WITH = 'WITH (m = 12, ef_construction = 40)';
/** The pgvector columns of embeddings of `dims` values: the 1024 of the first engines kept their names. */
export function vectorColumns(dims: number): { face: string; person: string } {
  if (!Number.isInteger(dims) || !EMBEDDING_LENGTHS.includes(dims)) throw new Error(`no vector columns for embeddings of ${dims} values`);
  return dims === 1024 ? { face: 'embedding_v', person: 'centroid_v' } : { face: `embedding_v${dims}`, person: `centroid_v${dims}` };
}
/** The HNSW index on the faces column of `dims` (the bench rebuilds it after a bulk load with this statement). */
export function faceHnswIndex(dims: number): string {
  const col = vectorColumns(dims).face;
  return `CREATE INDEX IF NOT EXISTS faces_${col === 'embedding_v' ? 'embedding' : col}_hnsw ON faces USING hnsw (${col} vector_cosine_ops) ${HNSW_WITH}`;
}
/** The HNSW index on the current engine's embeddings. */
export const FACE_HNSW_INDEX = faceHnswIndex(EMBEDDING_DIMS);
/** Candidates the HNSW scan keeps (pgvector's hnsw.ef_search); iterative scans go on past it when a gallery filter drops rows. */
const EF_SEARCH = 80;

/** Builds the index this database supports (prepare() decides). */
export async function createVectorIndex(db: Db, bus: LiveBus, warn: (msg: string, err?: unknown) => void): Promise<VectorIndex> {
  if (await enablePgvector(db, warn)) return new PgVectorIndex(db);
  return new MemoryVectorIndex(db, bus);
}

/** Whether pgvector is (now) installed in this database, with the face columns and index. */
async function enablePgvector(db: Db, warn: (msg: string, err?: unknown) => void): Promise<boolean> {
  if (process.env.FACE_VECTOR_INDEX === 'memory') return false;
  const { rows } = await db.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
  if (!rows.length) return false;
  try {
    await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [7_310_013]);
      await q.query('CREATE EXTENSION IF NOT EXISTS vector');
      for (const dims of EMBEDDING_LENGTHS) {
        const col = vectorColumns(dims);
        await q.query(`ALTER TABLE faces ADD COLUMN IF NOT EXISTS ${col.face} vector(${dims})`);
        await q.query(`ALTER TABLE persons ADD COLUMN IF NOT EXISTS ${col.person} vector(${dims})`);
        await q.query(faceHnswIndex(dims));
      }
    });
  } catch (err) {
    // Available but not installable (no privilege): the in-process index serves.
    warn('pgvector is available but could not be enabled; face search uses the in-process index', err);
    return false;
  }
  await backfill(db);
  return true;
}

/** Rows written while the database had no pgvector get the vector column of their length. */
async function backfill(db: Db): Promise<void> {
  for (const dims of EMBEDDING_LENGTHS) {
    const cols = vectorColumns(dims);
    await backfillColumns(db, dims, [['faces', cols.face, 'embedding'], ['persons', cols.person, 'centroid']]);
  }
}

async function backfillColumns(db: Db, dims: number, targets: Array<[string, string, string]>): Promise<void> {
  for (const [table, col, src] of targets) {
    for (;;) {
      const { rows } = await db.query<{ id: number; e: Uint8Array }>(`SELECT id, ${src} AS e FROM ${table} WHERE ${col} IS NULL AND length(${src}) = ${dims * 4} LIMIT 500`);
      if (!rows.length) break;
      for (const r of rows) await db.query(`UPDATE ${table} SET ${col} = $2::vector WHERE id = $1`, [r.id, vectorLiteral(fromBytes(r.e))]);
    }
  }
}

export class PgVectorIndex implements VectorIndex {
  readonly kind = 'pgvector' as const;
  constructor(private db: Db) {}

  async nearestFaces(galleryId: number, e: Float32Array, k: number, version?: number): Promise<FaceHit[]> {
    const only = version === undefined ? '' : ' AND engine_version = $3';
    const col = vectorColumns(e.length).face;
    const rows = await this.db.tx(async (q) => {
      await q.query(`SET LOCAL hnsw.ef_search = ${Math.max(EF_SEARCH, k)}`);
      await q.query('SET LOCAL hnsw.iterative_scan = relaxed_order');
      return (
        await q.query<{ id: number; person_id: number | null; photo_id: number; d: number }>(
          `SELECT id, person_id, photo_id, ${col} <=> $2::vector AS d FROM faces
           WHERE gallery_id = $1 AND NOT hidden AND ${col} IS NOT NULL${only} ORDER BY ${col} <=> $2::vector LIMIT ${Math.trunc(k)}`,
          version === undefined ? [galleryId, vectorLiteral(e)] : [galleryId, vectorLiteral(e), version]
        )
      ).rows;
    });
    return rows.map((r) => ({ faceId: r.id, personId: r.person_id, photoId: r.photo_id, similarity: 1 - Number(r.d) })).sort((a, b) => b.similarity - a.similarity);
  }

  async nearestPersons(galleryId: number | null, e: Float32Array, k: number, q: Queryable = this.db): Promise<PersonHit[]> {
    const v = vectorLiteral(e);
    const col = vectorColumns(e.length).person;
    const { rows } =
      galleryId === null
        ? await q.query<{ id: number; gallery_id: number; d: number }>(
            `SELECT DISTINCT ON (gallery_id) id, gallery_id, ${col} <=> $1::vector AS d FROM persons
             WHERE face_count > 0 AND ${col} IS NOT NULL ORDER BY gallery_id, ${col} <=> $1::vector`,
            [v]
          )
        : await q.query<{ id: number; gallery_id: number; d: number }>(
            `SELECT id, gallery_id, ${col} <=> $2::vector AS d FROM persons WHERE gallery_id = $1 AND face_count > 0 AND ${col} IS NOT NULL
             ORDER BY ${col} <=> $2::vector LIMIT ${Math.trunc(k)}`,
            [galleryId, v]
          );
    return rows.map((r) => ({ personId: r.id, galleryId: r.gallery_id, similarity: 1 - Number(r.d) })).sort((a, b) => b.similarity - a.similarity).slice(0, galleryId === null ? undefined : k);
  }

  async wroteFace(q: Queryable, faceId: number, e: Float32Array): Promise<void> {
    // The other lengths' columns are cleared: a re-indexed row is searched by its new length only.
    const sets = EMBEDDING_LENGTHS.map((d) => `${vectorColumns(d).face} = ${d === e.length ? '$2::vector' : 'NULL'}`).join(', ');
    await q.query(`UPDATE faces SET ${sets} WHERE id = $1`, [faceId, vectorLiteral(e)]);
  }

  faceColumns(e: Float32Array): Record<string, { value: string; cast: string }> {
    // A new row: only its own length's column is set (the others stay NULL).
    return { [vectorColumns(e.length).face]: { value: vectorLiteral(e), cast: 'vector' } };
  }

  async wrotePerson(q: Queryable, personId: number, centroid: Float32Array): Promise<void> {
    const sets = EMBEDDING_LENGTHS.map((d) => `${vectorColumns(d).person} = ${d === centroid.length ? '$2::vector' : 'NULL'}`).join(', ');
    await q.query(`UPDATE persons SET ${sets} WHERE id = $1`, [personId, vectorLiteral(centroid)]);
  }

  async removed(): Promise<void> {
    // The rows are the index.
  }

  close(): void {}
}
