/** The visitor's own face: updateinfo, My Photo, the galleries they are in, and deleting every face record of theirs. */
import { requireRealUser, type Viewer } from '../../viewer';
import type { CallBody } from '../../../../types/api/contract';
import type { DestroyResult, FaceGallery, FaceProfile, faceCalls } from '../../../../types/api/face';
import { toBytes } from './embedding';
import { presentPersons } from './people';
import { FaceCore, now } from './core';

export class FaceProfileService extends FaceCore {
  /** The visitor's own face (the embedding only); with galleryid, their person there. */
  async updateInfo(v: Viewer, body: CallBody<typeof faceCalls.updateInfo>): Promise<FaceProfile> {
    const user = requireRealUser(v, 'Please log in to use face search');
    if (body.galleryid !== undefined) await this.openGallery(v, body.galleryid);
    const e = await this.selfie(v, body.image);
    await this.d.db.query(
      `INSERT INTO face_profiles (user_id, embedding, updated_at, engine_version) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET embedding = $2, updated_at = $3, engine_version = $4`,
      [user.id, toBytes(e), now(), await this.engineVersion()]
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
   * finds nothing of them). The spots of those faces are kept (photo and box only) so that
   * indexing the photos again does not bring the faces back. Counts what went.
   */
  async destroyMyself(v: Viewer): Promise<DestroyResult> {
    const user = requireRealUser(v, 'Please log in first');
    const profile = await this.anyProfileOf(user.id);
    const vectors = await this.d.vectors();
    // Their person in each gallery: by centroid (also when every face of it is hidden) and by
    // nearest faces; only persons and faces of the profile's engine version are comparable.
    const selves = new Set<number>();
    const touched = new Set<number>();
    if (profile) {
      const { embedding: e, version } = profile;
      const hits = (await vectors.nearestPersons(null, e, 1)).filter((h) => h.similarity >= this.d.threshold);
      const { rows } = await this.d.db.query<{ id: number }>('SELECT id FROM persons WHERE id = ANY($1::int[]) AND engine_version = $2', [hits.map((h) => h.personId), version]);
      const comparable = new Set(rows.map((r) => r.id));
      for (const h of hits) {
        if (!comparable.has(h.personId)) continue;
        selves.add(h.personId);
        touched.add(h.galleryId);
        const self = await this.match(h.galleryId, e, version);
        if (self) selves.add(self);
      }
    }
    const result = await this.d.db.tx(async (q) => {
      const ids = [...selves];
      const gone = (
        await q.query<{ crop_key: string; photo_id: number; x: number; y: number; w: number; h: number }>(
          'DELETE FROM faces WHERE person_id = ANY($1::int[]) RETURNING crop_key, photo_id, x, y, w, h',
          [ids]
        )
      ).rows;
      const crops = gone.map((r) => r.crop_key);
      // Their spots (no embedding, no crop): indexing those photos again skips them (services/face/indexer.ts).
      if (gone.length) {
        await q.query(
          `INSERT INTO face_erasures (photo_id, x, y, w, h, erased_at)
           SELECT e.photo_id, e.x, e.y, e.w, e.h, $6::bigint FROM unnest($1::int[], $2::real[], $3::real[], $4::real[], $5::real[]) AS e(photo_id, x, y, w, h)`,
          [gone.map((r) => r.photo_id), gone.map((r) => r.x), gone.map((r) => r.y), gone.map((r) => r.w), gone.map((r) => r.h), now()]
        );
      }
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

}
