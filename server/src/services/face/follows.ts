/** Following people (at most FRIENDS_MAX a gallery, with buddy names) and hiding a person from a photo (oneself for everyone, a followed person in one's own view). */
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import { requireRealUser, type Viewer } from '../../viewer';
import type { CallBody } from '../../../../types/api/contract';
import { FRIENDS_MAX, type Person, type PersonStatus, type faceCalls } from '../../../../types/api/face';
import { FaceCore, noRelated, now } from './core';

export class FaceFollowService extends FaceCore {
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
      const { personId: matched } = await this.findSelfie(v, body.galleryid, body.image);
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


  async isFriend(v: Viewer, personId: number): Promise<{ isfriend: boolean; status: PersonStatus }> {
    const { status } = await this.statusFor(v, personId);
    return { isfriend: status === 'follow', status };
  }


  async relation(v: Viewer, personId: number): Promise<{ personid: number; status: PersonStatus; name: string }> {
    const { status, name } = await this.statusFor(v, personId);
    return { personid: personId, status, name };
  }


  /**
   * Hide a person from a photo. Oneself (the person one's own face profile matches) is one's
   * own right: the face is hidden for everyone (faces.hidden, face_hides records who). A person
   * one follows is hidden in one's own view only (face_view_hides): the visitor's maybe strip,
   * person list and that person's photo list leave the photo out, nobody else's do. Anyone
   * else: 403. 404 when the person is not in the photo as the visitor sees it.
   */
  async hide(v: Viewer, photoId: number, personId: number): Promise<{ ok: boolean }> {
    const user = requireRealUser(v, 'Please log in to hide people');
    const { galleryId, status } = await this.statusFor(v, personId);
    if (status === 'unfollow') throw forbidden('You can hide only yourself or people you follow');
    const changed = status === 'self' ? await this.hideForEveryone(user.id, photoId, personId) : await this.hideInOwnView(user.id, photoId, personId);
    if (!changed) throw notFound('This person is not in this photo');
    if (status === 'self') {
      await (await this.d.vectors()).removed(galleryId);
      this.d.changed(galleryId);
    }
    return { ok: true };
  }

  private hideForEveryone(userId: number, photoId: number, personId: number): Promise<number> {
    return this.d.db.tx(async (q) => {
      const faces = await q.query(
        "UPDATE faces SET hidden = true, seq = nextval('face_seq') WHERE photo_id = $1 AND person_id = $2 AND NOT hidden RETURNING id",
        [photoId, personId]
      );
      if (!faces.rowCount) return 0;
      await q.query(
        'INSERT INTO face_hides (photo_id, person_id, user_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (photo_id, person_id) DO NOTHING',
        [photoId, personId, userId, now()]
      );
      return faces.rowCount;
    });
  }

  /** A row of the visitor's own view, when the person shows in the photo and the visitor had not hidden them there yet. */
  private async hideInOwnView(userId: number, photoId: number, personId: number): Promise<number> {
    const { rowCount } = await this.d.db.query(
      `INSERT INTO face_view_hides (user_id, person_id, photo_id, created_at)
       SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM faces WHERE photo_id = $3 AND person_id = $2 AND NOT hidden)
       ON CONFLICT (user_id, person_id, photo_id) DO NOTHING`,
      [userId, personId, photoId, now()]
    );
    return rowCount;
  }
}
