import type { Person } from '../../types/api/face';

/** A person of gallery 7 as the face calls answer it; `extra` overrides any field. */
export const makePerson = (id: number, extra: Partial<Person> = {}): Person => ({
  id,
  personid: id,
  galleryid: 7,
  name: '',
  faceurl: `/face/${id}.jpg`,
  image: 'h',
  shape: { x: 0, y: 0, w: 1, h: 1 },
  total_image: 3,
  total_gallery_image: 10,
  status: 'unfollow',
  ...extra
});
