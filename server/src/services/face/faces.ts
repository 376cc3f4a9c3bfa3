/** Face search and persons: findpeople, the Person tag, person albums, Following, the maybe strip, crops. */
import { notFound } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import type { Viewer } from '../../viewer';
import type { CallBody } from '../../../../types/api/contract';
import { PERSON_PAGE_SIZE, type FindPeopleResult, type MaybePerson, type Person, type PersonPage, type faceCalls } from '../../../../types/api/face';
import { followsOf, maybeOf, personPage } from './people';
import { FaceCore, noRelated } from './core';

export class FaceService extends FaceCore {
  /** Match a selfie in a gallery; guests may: nothing is stored. */
  async findPeople(v: Viewer, body: CallBody<typeof faceCalls.findPeople>): Promise<FindPeopleResult> {
    await this.openGallery(v, body.galleryid);
    const { personId } = await this.findSelfie(v, body.galleryid, body.image);
    if (!personId) throw noRelated();
    const person = await this.presentOne(v, personId, body.galleryid);
    return { success: true, data: personId, faceurl: person.faceurl, code: ErrorCode.OK, person };
  }


  /** The Person tag: a gallery's persons as the visitor sees them, PERSON_PAGE_SIZE a page, most photos first. */
  async persons(v: Viewer, galleryId: number, page = 1): Promise<PersonPage> {
    await this.openGallery(v, galleryId);
    const p = Math.max(1, page);
    const { ids, total } = await personPage(this.d.db, galleryId, PERSON_PAGE_SIZE, (p - 1) * PERSON_PAGE_SIZE, this.ownView(v));
    return { items: await this.present(v, ids, galleryId), total, page: p, page_size: PERSON_PAGE_SIZE };
  }


  async personShow(v: Viewer, personId: number): Promise<Person> {
    const galleryId = await this.personGallery(v, personId);
    return this.presentOne(v, personId, galleryId);
  }


  /** Following: the persons the visitor follows in the gallery. */
  async following(v: Viewer, galleryId: number): Promise<Person[]> {
    await this.openGallery(v, galleryId);
    if (!v.userId || v.isGuest) return [];
    const follows = await followsOf(this.d.db, v.userId, galleryId);
    return this.present(v, [...follows.keys()], galleryId);
  }


  /** The people in a photo as the visitor sees it (the viewer's 'maybe' strip). */
  async maybe(v: Viewer, photoId: number): Promise<MaybePerson[]> {
    const { rows } = await this.d.db.query<{ gallery_id: number }>('SELECT gallery_id FROM photos WHERE id = $1 AND NOT hidden', [photoId]);
    if (!rows.length) throw notFound('Photo not found');
    await this.openGallery(v, rows[0].gallery_id);
    return maybeOf(this.d.db, photoId, await this.relations(v, rows[0].gallery_id), this.faceUrl);
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
