/**
 * What every face call shares (types/api/face.ts): gallery access (use_face on, gates
 * passed), matching a face against a gallery's persons, the visitor's relations to
 * persons, and presenting persons. The calls are in faces.ts (search, persons, crops),
 * follows.ts (Following, hiding) and profile.ts (the visitor's own face, deletion).
 *
 * Rules: guests may search (findpeople stores nothing) and read; the writes (updateinfo,
 * follow, unfollow, editfollow, hide, destroymyself) need a logged-in visitor. A selfie
 * needs `consent: 1, adult: 1` (the schema demands them where a selfie is required; follow
 * checks them itself), is matched and dropped (selfie.ts). Every gallery-scoped call needs
 * the gallery's face search on (use_face) and its gates passed, as the photo list does.
 *
 * Whose data is whose (issue 26): persons and their faces are the gallery's, built by the
 * indexer from its photos. A visitor owns their face profile (the embedding of the selfie they
 * sent), their follows and their own view (face_view_hides), and reaches persons only by
 * link: "self" is whichever person their profile matches, computed on each call, never stored
 * on the person. So a visitor's writes and deletion touch their own rows only; the one write
 * that changes what everybody sees is hiding oneself from a photo (follows.ts).
 */
import type { Db } from '../../db';
import { AppError, forbidden, notFound } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import type { Viewer } from '../../viewer';
import type { ObjectStore } from '../../storage';
import type { GalleryService } from '../gallery/gallery';
import type { GateAccess } from '../gates/gateAccess';
import type { Person, PersonStatus } from '../../../../types/api/face';
import type { FaceDetector } from './indexer';
import type { VectorIndex } from './vectors';
import type { RateLimiter, LimitRule } from '../shared/rateLimit';
import { fromBytes } from './embedding';
import { selfieEmbedding } from './selfie';
import { faceEngines, type FaceEngines } from './engines';
import { FaceVersions } from './transition';
import { LINK_K } from './clusters';
import { followsOf, noRelations, presentPersons, statusOf, type Relations } from './people';

/** Selfies one client address may send a minute (each one is a face detection). */
export const SELFIE_LIMIT: LimitRule = { limit: 30, windowS: 60 };
/** Nearest faces looked at when matching a selfie in a gallery. */
const MATCH_CANDIDATES = 24;
export const now = () => Math.floor(Date.now() / 1000);
export const noRelated = () => new AppError(ErrorCode.FACE_NO_RELATED, 'No related photos were found');

export interface FaceServiceDeps {
  db: Db;
  store: ObjectStore;
  galleries: GalleryService;
  gates: GateAccess;
  vectors: () => Promise<VectorIndex>;
  detector: () => Promise<FaceDetector>;
  /** The engines by version (engines.ts); absent: the current one only. */
  engines?: FaceEngines;
  /** Which versions a gallery's searches use (transition.ts); shared by the face services. */
  versions?: FaceVersions;
  limits: RateLimiter;
  /** The current engine's match threshold. */
  threshold: number;
  /** Thresholds of other engine versions a gallery may still be searched at (engine.ts FACE_ENGINE_VERSIONS). */
  thresholds?: Readonly<Record<number, { threshold: number }>>;
  publicUrl: string;
  /** A gallery's faces changed (its person photo lists load afresh). */
  changed: (galleryId: number) => void;
}


export class FaceCore {
  protected engines: FaceEngines;
  protected versions: FaceVersions;

  constructor(protected d: FaceServiceDeps) {
    this.engines = d.engines ?? faceEngines(d.detector);
    this.versions = d.versions ?? new FaceVersions(d.db, this.engines);
  }

  // ---- Access -------------------------------------------------------------

  /** The gallery exists, has face search on, and the visitor holds its passes. */
  protected async openGallery(v: Viewer, galleryId: number): Promise<void> {
    const g = await this.d.galleries.cachedById(galleryId);
    if (!Number(g.config.use_face)) throw forbidden('Face search is off for this gallery');
    await this.d.gates.assertPass(v, galleryId);
  }

  protected async personGallery(v: Viewer, personId: number): Promise<number> {
    const { rows } = await this.d.db.query<{ gallery_id: number }>('SELECT gallery_id FROM persons WHERE id = $1', [personId]);
    if (!rows.length) throw notFound('Person not found');
    await this.openGallery(v, rows[0].gallery_id);
    return rows[0].gallery_id;
  }

  /** The crop's URL; a gated gallery's carries its image ticket (the visitor passed to be answered at all). */
  protected faceUrl = async (faceId: number, galleryId: number): Promise<string> => {
    const base = `${this.d.publicUrl}/api/v2/face3/crop/${faceId}`;
    if (!(await this.d.gates.service.anyGated())) return base;
    const gated = (await this.d.gates.service.requirementsOf(galleryId)).length > 0;
    return gated ? `${base}?p=${encodeURIComponent(this.d.gates.service.imageTicket(galleryId))}` : base;
  };

  // ---- Matching -----------------------------------------------------------

  /** The selfie's one face, within the per-address limit, as the current engine (or that of `version`) embeds it. */
  protected async selfie(v: Viewer, image: string, version?: number): Promise<Float32Array> {
    await this.d.limits.enforce(`face:selfie:${v.ip}`, SELFIE_LIMIT, 'Too many face searches, please try again later');
    return this.embed(image, version);
  }

  protected async embed(image: string, version?: number): Promise<Float32Array> {
    const engine = version === undefined ? await this.d.detector() : await this.engines.of(version);
    if (!engine) throw new Error(`face engine version ${version} is not available`);
    return selfieEmbedding(engine, image);
  }

  /**
   * The gallery's person a selfie is, during a re-index too (transition.ts): matched at each of
   * the gallery's search versions in turn, embedded by that version's engine; the first that
   * finds someone answers. Also answers the current engine's embedding when it was made.
   */
  protected async findSelfie(v: Viewer, galleryId: number, image: string): Promise<{ personId: number | null; current: Float32Array | null }> {
    await this.d.limits.enforce(`face:selfie:${v.ip}`, SELFIE_LIMIT, 'Too many face searches, please try again later');
    const now = await this.engineVersion();
    let current: Float32Array | null = null;
    for (const version of await this.versions.searchVersions(galleryId)) {
      const e = await this.embed(image, version);
      if (version === now) current = e;
      const personId = await this.match(galleryId, e, version);
      if (personId) return { personId, current };
    }
    return { personId: null, current };
  }

  /** The engine's version: only faces and profiles of this version are compared with its embeddings. */
  protected async engineVersion(): Promise<number> {
    return (await this.d.detector()).version;
  }

  /**
   * The gallery's person this face is, or null. Matched against faces, not centroids: the
   * nearest faces of the embedding's engine version (checked against the rows: still there, not
   * hidden, in visible photos) vote for their persons; a person qualifies when one of its
   * faces is at or above the threshold, and the one whose LINK_K best faces are the most
   * similar on average wins (one lookalike face of another person does not outvote a person
   * seen in several photos).
   */
  /** The match threshold of an engine version's embeddings (the current one's unless told otherwise). */
  protected thresholdOf(version: number): number {
    return this.d.thresholds?.[version]?.threshold ?? this.d.threshold;
  }

  protected async match(galleryId: number, e: Float32Array, version?: number): Promise<number | null> {
    const v = version ?? (await this.engineVersion());
    const vectors = await this.d.vectors();
    const threshold = this.thresholdOf(v);
    const hits = (await vectors.nearestFaces(galleryId, e, MATCH_CANDIDATES, v)).filter((h) => h.personId);
    if (!hits.length || hits[0].similarity < threshold) return null;
    // Only faces still there, not hidden, in visible photos count.
    const { rows } = await this.d.db.query<{ id: number; person_id: number }>(
      `SELECT f.id, f.person_id FROM faces f JOIN photos p ON p.id = f.photo_id
       WHERE f.id = ANY($1::int[]) AND NOT f.hidden AND NOT p.hidden AND f.person_id IS NOT NULL AND f.engine_version = $2`,
      [hits.map((h) => h.faceId), v]
    );
    const personOf = new Map(rows.map((r) => [r.id, r.person_id]));
    const sims = new Map<number, number[]>();
    for (const h of hits) {
      const p = personOf.get(h.faceId);
      if (p !== undefined) sims.set(p, [...(sims.get(p) ?? []), h.similarity]);
    }
    let best: number | null = null;
    let bestScore = -Infinity;
    for (const [p, list] of sims) {
      // Hits come most similar first.
      if (list[0] < threshold) continue;
      const top = list.slice(0, LINK_K);
      const score = top.reduce((a, b) => a + b, 0) / top.length;
      if (score > bestScore) {
        bestScore = score;
        best = p;
      }
    }
    return best;
  }

  /**
   * The visitor's own face, when it can be compared in this gallery: made by the current engine,
   * or by an older one the gallery still searches during a re-index (another one no longer
   * matches until the visitor takes a new one). Without a gallery: the current engine's only.
   */
  protected async profileOf(userId: number, galleryId?: number): Promise<{ embedding: Float32Array; version: number } | null> {
    const p = await this.anyProfileOf(userId);
    if (!p) return null;
    const usable = galleryId === undefined ? [await this.engineVersion()] : await this.versions.searchVersions(galleryId);
    return usable.includes(p.version) ? p : null;
  }

  protected async anyProfileOf(userId: number): Promise<{ embedding: Float32Array; version: number } | null> {
    const { rows } = await this.d.db.query<{ embedding: Uint8Array; engine_version: number }>('SELECT embedding, engine_version FROM face_profiles WHERE user_id = $1', [userId]);
    return rows.length ? { embedding: fromBytes(rows[0].embedding), version: rows[0].engine_version } : null;
  }

  /** What the visitor brings to a gallery's persons: their own person there, and their follows. */
  protected async relations(v: Viewer, galleryId?: number): Promise<Relations> {
    if (!v.userId || v.isGuest) return noRelations();
    const follows = await followsOf(this.d.db, v.userId, galleryId);
    const selfIds = new Set<number>();
    if (galleryId !== undefined) {
      const self = await this.selfPerson(v.userId, galleryId);
      if (self) selfIds.add(self);
    }
    return { selfIds, follows, viewer: v.userId };
  }

  /** Whose own view applies to the visitor's lists: the logged-in visitor's user id, 0 for guests. */
  protected ownView(v: Viewer): number {
    return v.userId && !v.isGuest ? v.userId : 0;
  }

  protected async selfPerson(userId: number, galleryId: number): Promise<number | null> {
    const p = await this.profileOf(userId, galleryId);
    return p ? this.match(galleryId, p.embedding, p.version) : null;
  }

  protected async present(v: Viewer, ids: number[], galleryId?: number): Promise<Person[]> {
    return presentPersons(this.d.db, ids, await this.relations(v, galleryId), this.faceUrl);
  }

  protected async presentOne(v: Viewer, personId: number, galleryId: number): Promise<Person> {
    const [p] = await this.present(v, [personId], galleryId);
    if (!p) throw notFound('Person not found');
    return p;
  }


  protected async statusFor(v: Viewer, personId: number): Promise<{ galleryId: number; status: PersonStatus; name: string }> {
    const galleryId = await this.personGallery(v, personId);
    const rel = await this.relations(v, galleryId);
    return { galleryId, status: statusOf(rel, personId), name: rel.follows.get(personId) ?? '' };
  }
}
