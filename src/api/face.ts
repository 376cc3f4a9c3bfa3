import { faceCalls } from '../../types/api/face';
import type { CallBody } from '../../types/api/contract';
import { call } from './call';

/** Separate face consent and the age confirmation, sent with every selfie. */
const CONSENT = { consent: 1, adult: 1 } as const;

/** Match a selfie against a gallery's persons (the selfie is used for matching and then dropped). */
export const findPeople = (galleryid: number, image: string) => call(faceCalls.findPeople, { body: { image, galleryid, ...CONSENT } });

/** Set the visitor's own face; with a gallery, the answer names their person there. */
export const updateMyFace = (image: string, galleryid?: number) =>
  call(faceCalls.updateInfo, { body: galleryid ? { image, galleryid, ...CONSENT } : { image, ...CONSENT } });

/** Delete every face record of the visitor. */
export const destroyMyFace = () => call(faceCalls.destroyMyself, { body: {} });

/** Follow a known person (`personid`) or the person a selfie matches in the gallery. */
export function followPerson(input: { galleryid: number; personid?: number; name?: string; image?: string }) {
  const body: CallBody<typeof faceCalls.follow> = { galleryid: input.galleryid };
  if (input.personid) body.personid = input.personid;
  if (input.name) body.name = input.name;
  if (input.image) Object.assign(body, { image: input.image, ...CONSENT });
  return call(faceCalls.follow, { body });
}

export const unfollowPerson = (personid: number) => call(faceCalls.unfollow, { body: { personid } });

export const renameBuddy = (personid: number, name: string) => call(faceCalls.editFollow, { body: { personid, name } });

export const fetchIsFriend = (personid: number) => call(faceCalls.isFriend, { query: { personid } });

export const fetchFaceGalleries = () => call(faceCalls.gallery, { query: {} });

export const fetchMaybe = (imageid: number) => call(faceCalls.maybe, { query: { imageid } });

export const hideFromPhoto = (imageid: number, personid: number) => call(faceCalls.hide, { body: { imageid, personid } });

/** A gallery's persons, PERSON_PAGE_SIZE a page (page numbers from 1). */
export const fetchPersons = (galleryid: number, page = 1) => call(faceCalls.person, { query: { galleryid, page } });

export const fetchPerson = (personid: number) => call(faceCalls.personShow, { query: { personid } });

/** The persons the visitor follows in a gallery. */
export const fetchFollowing = (galleryid: number) => call(faceCalls.followingGallery, { query: { galleryid } });

/** The visitor's own face record and their person in a gallery (My Photo). */
export const fetchMyFace = (galleryid: number) => call(faceCalls.myGallery, { query: { galleryid } });

export const fetchRelation = (personid: number) => call(faceCalls.relation, { query: { personid } });
