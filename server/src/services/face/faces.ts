/**
 * The face calls (types/api/face.ts): find my photos by a selfie, My Photo and Following,
 * person albums, 'maybe' people in the viewer, hiding a person from a photo, and deleting
 * every face record of a visitor.
 *
 * Rules: guests may search (findpeople stores nothing) and read; the writes (updateinfo,
 * follow, unfollow, editfollow, hide, destroymyself) need a logged-in visitor. A selfie
 * needs `consent: 1, adult: 1` (the schema demands them where a selfie is required; follow
 * checks them here), is matched and dropped (selfie.ts). Every gallery-scoped call needs
 * the gallery's face search on (use_face) and its gates passed, as the photo list does.
 */
import type { Db } from '../../db';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import { requireRealUser, type Viewer } from '../../viewer';
import type { ObjectStore } from '../../storage';
import type { GalleryService } from '../gallery/gallery';
import type { GateAccess } from '../gates/gateAccess';
import type { CallBody } from '../../../../types/api/contract';
import {
  FRIENDS_MAX,
  PERSON_PAGE_SIZE,
  type DestroyResult,
  type FaceGallery,
  type FaceProfile,
  type FindPeopleResult,
  type MaybePerson,
  type Person,
  type PersonPage,
  type PersonStatus,
  type faceCalls
} from '../../../../types/api/face';
import type { FaceDetector } from './indexer';
import type { VectorIndex } from './vectors';
import { fromBytes, toBytes } from './embedding';
import { selfieEmbedding } from './selfie';
import { followsOf, maybeOf, noRelations, personPage, presentPersons, statusOf, type Relations } from './people';

/** Nearest faces looked at when matching a selfie in a gallery. */
const MATCH_CANDIDATES = 24;
const now = () => Math.floor(Date.now() / 1000);
const noRelated = () => new AppError(ErrorCode.FACE_NO_RELATED, 'No related photos were found');

export interface FaceServiceDeps {
  db: Db;
  store: ObjectStore;
  galleries: GalleryService;
  gates: GateAccess;
  vectors: () => Promise<VectorIndex>;
  detector: () => Promise<FaceDetector>;
  threshold: number;
  publicUrl: string;
  /** A gallery's faces changed (its person photo lists load afresh). */
  changed: (galleryId: number) => void;
}

export class FaceService {
  constructor(private d: FaceServiceDeps) {}

  // ---- Access -------------------------------------------------------------

  /** The gallery exists, has face search on, and the visitor holds its passes. */
  private async openGallery(v: Viewer, galleryId: number): Promise<void> {
    const g = await this.d.galleries.cachedById(galleryId);
    if (!Number(g.config.use_face)) throw forbidden('Face search is off for this gallery');
    await this.d.gates.assertPass(v, galleryId);
  }

  private async personGallery(v: Viewer, personId: number): Promise<number> {
    const { rows } = await this.d.db.query<{ gallery_id: number }>('SELECT gallery_id FROM persons WHERE id = $1', [personId]);
    if (!rows.length) throw notFound('Person not found');
    await this.openGallery(v, rows[0].gallery_id);
    return rows[0].gallery_id;
  }

  /** The crop's URL; a gated gallery's carries its image ticket (the visitor passed to be answered at all). */
  private faceUrl = async (faceId: number, galleryId: number): Promise<string> => {
    const base = `${this.d.publicUrl}/api/v2/face3/crop/${faceId}`;
    if (!(await this.d.gates.service.anyGated())) return base;
    const gated = (await this.d.gates.service.requirementsOf(galleryId)).length > 0;
    return gated ? `${base}?p=${encodeURIComponent(this.d.gates.service.imageTicket(galleryId))}` : base;
  };

  // ---- Matching -----------------------------------------------------------

  /** The gallery's person this face is, or null: the nearest faces at or above the threshold, checked against the rows. */
  private async match(galleryId: number, e: Float32Array): Promise<number | null> {
    const vectors = await this.d.vectors();
    const hits = (await vectors.nearestFaces(galleryId, e, MATCH_CANDIDATES)).filter((h) => h.similarity >= this.d.threshold && h.personId);
    if (!hits.length) return null;
    // Only faces still there, not hidden, in visible photos count.
    const { rows } = await this.d.db.query<{ id: number; person_id: number }>(
      `SELECT f.id, f.person_id FROM faces f JOIN photos p ON p.id = f.photo_id
       WHERE f.id = ANY($1::int[]) AND NOT f.hidden AND NOT p.hidden AND f.person_id IS NOT NULL`,
      [hits.map((h) => h.faceId)]
    );
    const personOf = new Map(rows.map((r) => [r.id, r.person_id]));
    const best = hits.find((h) => personOf.has(h.faceId));
    return best ? personOf.get(best.faceId)! : null;
  }

  private async profileOf(userId: number): Promise<Float32Array | null> {
    const { rows } = await this.d.db.query<{ embedding: Uint8Array }>('SELECT embedding FROM face_profiles WHERE user_id = $1', [userId]);
    return rows.length ? fromBytes(rows[0].embedding) : null;
  }

  /** What the visitor brings to a gallery's persons: their own person there, and their follows. */
  private async relations(v: Viewer, galleryId?: number): Promise<Relations> {
    if (!v.userId || v.isGuest) return noRelations();
    const follows = await followsOf(this.d.db, v.userId, galleryId);
    const selfIds = new Set<number>();
    if (galleryId !== undefined) {
      const self = await this.selfPerson(v.userId, galleryId);
      if (self) selfIds.add(self);
    }
    return { selfIds, follows };
  }

  private async selfPerson(userId: number, galleryId: number): Promise<number | null> {
    const e = await this.profileOf(userId);
    return e ? this.match(galleryId, e) : null;
  }

  private async present(v: Viewer, ids: number[], galleryId?: number): Promise<Person[]> {
    return presentPersons(this.d.db, ids, await this.relations(v, galleryId), this.faceUrl);
  }

  private async presentOne(v: Viewer, personId: number, galleryId: number): Promise<Person> {
    const [p] = await this.present(v, [personId], galleryId);
    if (!p) throw notFound('Person not found');
    return p;
  }

  // ---- Calls --------------------------------------------------------------

  /** Match a selfie in a gallery; guests may: nothing is stored. */
  async findPeople(v: Viewer, body: CallBody<typeof faceCalls.findPeople>): Promise<FindPeopleResult> {
    await this.openGallery(v, body.galleryid);
    const e = await selfieEmbedding(await this.d.detector(), body.image);
    const personId = await this.match(body.galleryid, e);
    if (!personId) throw noRelated();
    const person = await this.presentOne(v, personId, body.galleryid);
    return { success: true, data: personId, faceurl: person.faceurl, code: ErrorCode.OK, person };
  }

  /** The visitor's own face (the embedding only); with galleryid, their person there. */
  async updateInfo(v: Viewer, body: CallBody<typeof faceCalls.updateInfo>): Promise<FaceProfile> {
    const user = requireRealUser(v, 'Please log in to use face search');
    if (body.galleryid !== undefined) await this.openGallery(v, body.galleryid);
    const e = await selfieEmbedding(await this.d.detector(), body.image);
    await this.d.db.query(
      `INSERT INTO face_profiles (user_id, embedding, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET embedding = $2, updated_at = $3`,
      [user.id, toBytes(e), now()]
    );
    if (body.galleryid === undefined) return { has_face: true, person: null };
    const self = await this.match(body.galleryid, e);
    return { has_face: true, person: self ? await this.presentOne(v, self, body.galleryid) : null };
  }

  /** My Photo: the visitor's face record and their person in the gallery. */
  async myGallery(v: Viewer, galleryId: number): Promise<FaceProfile> {
    await this.openGallery(v, galleryId);
    if (!v.userId || v.isGuest) return { has_face: false, person: null };
    const e = await this.profileOf(v.userId);
    if (!e) return { has_face: false, person: null };
    const self = await this.match(galleryId, e);
    return { has_face: true, person: self ? await this.presentOne(v, self, galleryId) : null };
  }

  /** Following: the persons the visitor follows in the gallery. */
  async following(v: Viewer, galleryId: number): Promise<Person[]> {
    await this.openGallery(v, galleryId);
    if (!v.userId || v.isGuest) return [];
    const follows = await followsOf(this.d.db, v.userId, galleryId);
    return this.present(v, [...follows.keys()], galleryId);
  }

  async follow(v: Viewer, body: CallBody<typeof faceCalls.follow>): Promise<Person> {
    const user = requireRealUser(v, 'Please log in to follow people');
    await this.openGallery(v, body.galleryid);
    let personId: number;
    if (body.personid !== undefined) {
      const { rows } = await this.d.db.query('SELECT 1 FROM persons WHERE id = $1 AND gallery_id = $2', [body.personid, body.galleryid]);
      if (!rows.length) throw notFound('Person not found in this gallery');
      personId = body.personid;
    } else if (body.image !== undefined) {
      if (body.consent !== 1) throw badRequest('consent must be 1: face search needs your separate consent');
      if (body.adult !== 1) throw badRequest('adult must be 1: confirm you are 14 or older, or that a guardian consents');
      const e = await selfieEmbedding(await this.d.detector(), body.image);
      const matched = await this.match(body.galleryid, e);
      if (!matched) throw noRelated();
      personId = matched;
    } else {
      throw badRequest('Please upload single frontal photo');
    }
    const name = (body.name ?? '').trim();
    await this.d.db.tx(async (q) => {
      // One visitor's follows are counted and written one at a time.
      await q.query('SELECT pg_advisory_xact_lock($1, $2)', [7_310_015, user.id]);
      const { rows } = await q.query<{ person_id: number }>('SELECT person_id FROM face_follows WHERE user_id = $1 AND gallery_id = $2', [user.id, body.galleryid]);
      const already = rows.some((r) => r.person_id === personId);
      if (!already && rows.length >= FRIENDS_MAX) throw new AppError(ErrorCode.FACE_FRIENDS_LIMIT, `You can follow at most ${FRIENDS_MAX} people`);
      await q.query(
        `INSERT INTO face_follows (user_id, person_id, gallery_id, name, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id, person_id) DO UPDATE SET name = CASE WHEN $4 = '' THEN face_follows.name ELSE $4 END`,
        [user.id, personId, body.galleryid, name, now()]
      );
    });
    return this.presentOne(v, personId, body.galleryid);
  }

  async unfollow(v: Viewer, personId: number): Promise<{ ok: boolean }> {
    const user = requireRealUser(v, 'Please log in to follow people');
    const { rowCount } = await this.d.db.query('DELETE FROM face_follows WHERE user_id = $1 AND person_id = $2', [user.id, personId]);
    return { ok: rowCount > 0 };
  }

  async editFollow(v: Viewer, body: CallBody<typeof faceCalls.editFollow>): Promise<Person> {
    const user = requireRealUser(v, 'Please log in to follow people');
    const name = body.name.trim();
    if (!name) throw badRequest('Name is required');
    const galleryId = await this.personGallery(v, body.personid);
    const { rowCount } = await this.d.db.query('UPDATE face_follows SET name = $3 WHERE user_id = $1 AND person_id = $2', [user.id, body.personid, name]);
    if (!rowCount) throw notFound('You do not follow this person');
    return this.presentOne(v, body.personid, galleryId);
  }

  private async statusFor(v: Viewer, personId: number): Promise<{ galleryId: number; status: PersonStatus; name: string }> {
    const galleryId = await this.personGallery(v, personId);
    const rel = await this.relations(v, galleryId);
    return { galleryId, status: statusOf(rel, personId), name: rel.follows.get(personId) ?? '' };
  }

  async isFriend(v: Viewer, personId: number): Promise<{ isfriend: boolean; status: PersonStatus }> {
    const { status } = await this.statusFor(v, personId);
    return { isfriend: status === 'follow', status };
  }

  async relation(v: Viewer, personId: number): Promise<{ personid: number; status: PersonStatus; name: string }> {
    const { status, name } = await this.statusFor(v, personId);
    return { personid: personId, status, name };
  }

  async personShow(v: Viewer, personId: number): Promise<Person> {
    const galleryId = await this.personGallery(v, personId);
    return this.presentOne(v, personId, galleryId);
  }

  /** The Person tag: a gallery's persons, PERSON_PAGE_SIZE a page, most photos first. */
  async persons(v: Viewer, galleryId: number, page = 1): Promise<PersonPage> {
    await this.openGallery(v, galleryId);
    const p = Math.max(1, page);
    const { ids, total } = await personPage(this.d.db, galleryId, PERSON_PAGE_SIZE, (p - 1) * PERSON_PAGE_SIZE);
    return { items: await this.present(v, ids, galleryId), total, page: p, page_size: PERSON_PAGE_SIZE };
  }

  /** The people in a photo (the viewer's 'maybe' strip). */
  async maybe(v: Viewer, photoId: number): Promise<MaybePerson[]> {
    const { rows } = await this.d.db.query<{ gallery_id: number }>('SELECT gallery_id FROM photos WHERE id = $1 AND NOT hidden', [photoId]);
    if (!rows.length) throw notFound('Photo not found');
    await this.openGallery(v, rows[0].gallery_id);
    return maybeOf(this.d.db, photoId, await this.relations(v, rows[0].gallery_id), this.faceUrl);
  }

  /** Hide a person from a photo: the visitor themselves or a person they follow. */
  async hide(v: Viewer, photoId: number, personId: number): Promise<{ ok: boolean }> {
    const user = requireRealUser(v, 'Please log in to hide people');
    const { galleryId, status } = await this.statusFor(v, personId);
    if (status === 'unfollow') throw forbidden('You can hide only yourself or people you follow');
    const changed = await this.d.db.tx(async (q) => {
      const faces = await q.query(
        "UPDATE faces SET hidden = true, seq = nextval('face_seq') WHERE photo_id = $1 AND person_id = $2 AND NOT hidden RETURNING id",
        [photoId, personId]
      );
      if (!faces.rowCount) return 0;
      await q.query(
        'INSERT INTO face_hides (photo_id, person_id, user_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (photo_id, person_id) DO NOTHING',
        [photoId, personId, user.id, now()]
      );
      return faces.rowCount;
    });
    if (!changed) throw notFound('This person is not in this photo');
    await (await this.d.vectors()).removed(galleryId);
    this.d.changed(galleryId);
    return { ok: true };
  }

  /** Galleries where the visitor's face was found (their own face record against every gallery's persons). */
  async galleries(v: Viewer): Promise<FaceGallery[]> {
    if (!v.userId || v.isGuest) return [];
    const e = await this.profileOf(v.userId);
    if (!e) return [];
    const hits = (await (await this.d.vectors()).nearestPersons(null, e, 1)).filter((h) => h.similarity >= this.d.threshold);
    const out: FaceGallery[] = [];
    for (const h of hits) {
      const g = await this.d.galleries.cachedById(h.galleryId).catch(() => null);
      if (!g || !Number(g.config.use_face) || !(await this.d.gates.passes(v, g.id))) continue;
      const self = await this.match(g.id, e);
      if (!self) continue;
      const [p] = await presentPersons(this.d.db, [self], { selfIds: new Set([self]), follows: new Map() }, this.faceUrl);
      if (p) out.push({ galleryid: g.id, link_id: g.link_id, name: g.name, personid: self, faceurl: p.faceurl, total_image: p.total_image });
    }
    return out;
  }

  /**
   * Every face record of the visitor: their face profile, their follows, and in each
   * gallery the person their face matches, with its faces and crops (face search then
   * finds nothing of them). Counts what went.
   */
  async destroyMyself(v: Viewer): Promise<DestroyResult> {
    const user = requireRealUser(v, 'Please log in first');
    const e = await this.profileOf(user.id);
    const vectors = await this.d.vectors();
    // Their person in each gallery: by centroid (also when every face of it is hidden) and by nearest faces.
    const selves = new Set<number>();
    const touched = new Set<number>();
    if (e) {
      for (const h of await vectors.nearestPersons(null, e, 1)) {
        if (h.similarity < this.d.threshold) continue;
        selves.add(h.personId);
        touched.add(h.galleryId);
        const self = await this.match(h.galleryId, e);
        if (self) selves.add(self);
      }
    }
    const result = await this.d.db.tx(async (q) => {
      const ids = [...selves];
      const crops = (await q.query<{ crop_key: string }>('DELETE FROM faces WHERE person_id = ANY($1::int[]) RETURNING crop_key', [ids])).rows.map((r) => r.crop_key);
      await q.query('DELETE FROM persons WHERE id = ANY($1::int[])', [ids]);
      const follows = await q.query('DELETE FROM face_follows WHERE user_id = $1', [user.id]);
      const profile = await q.query('DELETE FROM face_profiles WHERE user_id = $1', [user.id]);
      return { crops, follows: follows.rowCount, faces: profile.rowCount + crops.length };
    });
    await Promise.all(result.crops.map((k) => this.d.store.delete(k).catch(() => undefined)));
    if (selves.size) await vectors.removed(0);
    for (const id of touched) this.d.changed(id);
    return { faces: result.faces, follows: result.follows };
  }

  /** A face crop's bytes: the face and its photo visible, and the gallery's gates passed (session or image ticket). */
  async crop(v: Viewer, faceId: number, ticket: string | undefined): Promise<{ body: Buffer; gated: boolean }> {
    const { rows } = await this.d.db.query<{ gallery_id: number; crop_key: string }>(
      'SELECT f.gallery_id, f.crop_key FROM faces f JOIN photos p ON p.id = f.photo_id WHERE f.id = $1 AND NOT f.hidden AND NOT p.hidden',
      [faceId]
    );
    if (!rows.length) throw notFound('Face not found');
    const galleryId = rows[0].gallery_id;
    const gates = this.d.gates.service;
    const gated = (await gates.anyGated()) && (await gates.requirementsOf(galleryId)).length > 0;
    if (gated && !gates.verifyImageTicket(galleryId, ticket)) await gates.assertPass(v.userId, galleryId, 403);
    const body = await this.d.store.get(rows[0].crop_key);
    if (!body) throw notFound('Face not found');
    return { body, gated };
  }
}
