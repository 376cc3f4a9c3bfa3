/** The visitor's own face: updateinfo, My Photo, the galleries they are in, and deleting every face record of theirs (and only theirs). */
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
    // With a gallery, the selfie is matched there as a search is (during a re-index too); the profile keeps the current engine's embedding.
    const found = body.galleryid === undefined ? null : await this.findSelfie(v, body.galleryid, body.image);
    const e = found ? found.current ?? (await this.embed(body.image)) : await this.selfie(v, body.image);
    await this.d.db.query(
      `INSERT INTO face_profiles (user_id, embedding, updated_at, engine_version) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET embedding = $2, updated_at = $3, engine_version = $4`,
      [user.id, toBytes(e), now(), await this.engineVersion()]
    );
    if (body.galleryid === undefined) return { has_face: true, person: null };
    const self = found?.personId ?? null;
    return { has_face: true, person: self ? await this.presentOne(v, self, body.galleryid) : null };
  }


  /** My Photo: the visitor's face record and their person in the gallery. */
  async myGallery(v: Viewer, galleryId: number): Promise<FaceProfile> {
    await this.openGallery(v, galleryId);
    if (!v.userId || v.isGuest) return { has_face: false, person: null };
    const p = await this.profileOf(v.userId, galleryId);
    if (!p) return { has_face: false, person: null };
    const self = await this.match(galleryId, p.embedding, p.version);
    return { has_face: true, person: self ? await this.presentOne(v, self, galleryId) : null };
  }


  /** Galleries where the visitor's face was found (their own face record against every gallery's persons). */
  async galleries(v: Viewer): Promise<FaceGallery[]> {
    if (!v.userId || v.isGuest) return [];
    const e = (await this.profileOf(v.userId))?.embedding;
    if (!e) return [];
    const hits = (await (await this.d.vectors()).nearestPersons(null, e, 1)).filter((h) => h.similarity >= this.d.threshold);
    const out: FaceGallery[] = [];
    for (const h of hits) {
      const g = await this.d.galleries.cachedById(h.galleryId).catch(() => null);
      if (!g || !Number(g.config.use_face) || !(await this.d.gates.passes(v, g.id))) continue;
      const self = await this.match(g.id, e);
      if (!self) continue;
      const [p] = await presentPersons(this.d.db, [self], { selfIds: new Set([self]), follows: new Map(), viewer: v.userId }, this.faceUrl);
      if (p) out.push({ galleryid: g.id, link_id: g.link_id, name: g.name, personid: self, faceurl: p.faceurl, total_image: p.total_image });
    }
    return out;
  }


  /**
   * Every face record of the visitor, and nothing of anybody else: their face profile (the
   * embedding of their selfie), their follows, their own view (face_view_hides), and their
   * name on the hides of themselves they made (face_hides.user_id; those faces stay hidden,
   * as they chose). Persons and their faces are the gallery's, built from its photos: they
   * stay, since a profile can be made from anyone's face and destroying it must not erase
   * that person for everyone (issue 26). Counts what went.
   */
  async destroyMyself(v: Viewer): Promise<DestroyResult> {
    const user = requireRealUser(v, 'Please log in first');
    return this.d.db.tx(async (q) => {
      const follows = await q.query('DELETE FROM face_follows WHERE user_id = $1', [user.id]);
      const views = await q.query('DELETE FROM face_view_hides WHERE user_id = $1', [user.id]);
      const marks = await q.query('UPDATE face_hides SET user_id = NULL WHERE user_id = $1', [user.id]);
      const profile = await q.query('DELETE FROM face_profiles WHERE user_id = $1', [user.id]);
      return { faces: profile.rowCount, follows: follows.rowCount, hides: views.rowCount + marks.rowCount };
    });
  }

}
