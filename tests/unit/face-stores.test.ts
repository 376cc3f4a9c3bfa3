// Taro's runtime is ESM-only and unused here: the stores' platform pieces are injected.
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: {} }));

import { PersonListStore } from '../../src/stores/face/PersonListStore';
import { MaybeStore } from '../../src/stores/face/MaybeStore';
import { FaceTabsStore } from '../../src/stores/face/FaceTabsStore';
import { FaceDialogHost } from '../../src/stores/face/FaceDialogHost';
import { PhotoListStore } from '../../src/stores/photos/PhotoListStore';
import { FRIENDS_MAX, PERSON_PAGE_SIZE, type MaybePerson, type Person } from '../../types/api/face';
import { makePerson } from './face-fixtures';

const person = (id: number, extra: Partial<Person> = {}): Person =>
  makePerson(id, { faceurl: '', image: '', total_image: 1, total_gallery_image: 1, ...extra });

describe('PersonListStore', () => {
  it('pages 35 at a time until the total, and retries after an error', async () => {
    let fail = true;
    const load = jest.fn(async (_g: number, page: number) => {
      if (page === 2 && fail) {
        fail = false;
        throw new Error('offline');
      }
      const from = (page - 1) * PERSON_PAGE_SIZE;
      const items = Array.from({ length: Math.min(PERSON_PAGE_SIZE, 50 - from) }, (_, i) => person(from + i + 1));
      return { items, total: 50, page, page_size: PERSON_PAGE_SIZE };
    });
    const s = new PersonListStore(7, load);
    await s.loadMore();
    expect(s.items).toHaveLength(35);
    expect(s.state).toBe('more');
    await s.loadMore();
    expect(s.state).toBe('error');
    await s.loadMore();
    expect(load).toHaveBeenLastCalledWith(7, 2);
    expect(s.items).toHaveLength(50);
    expect(s.state).toBe('noMore');
    await s.loadMore();
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('MaybeStore', () => {
  const mp = (personid: number, status: MaybePerson['status']): MaybePerson => ({ personid, imageid: 1, galleryid: 5, name: '', faceurl: '', shape: { x: 0, y: 0, w: 1, h: 1 }, status });

  it('asks once per photo, and hides only oneself or a followed person', async () => {
    const maybe = jest.fn(async () => [mp(1, 'self'), mp(2, 'follow'), mp(3, 'unfollow')]);
    const hide = jest.fn(async () => ({ ok: true }));
    const toast = jest.fn();
    const hidden = jest.fn();
    const s = new MaybeStore({ maybe, hide, hidden, toast });
    await s.load(10);
    await s.load(10);
    expect(maybe).toHaveBeenCalledTimes(1);
    expect(await s.hide(10, mp(3, 'unfollow'))).toBe(false);
    expect(hide).not.toHaveBeenCalled();
    // A followed person: hidden in the visitor's own view (others still see them), the visitor is told so.
    expect(await s.hide(10, mp(2, 'follow'))).toBe(true);
    expect(hide).toHaveBeenCalledWith(10, 2);
    expect(s.peopleOf(10)!.map((p) => p.personid)).toEqual([1, 3]);
    expect(hidden).toHaveBeenLastCalledWith(expect.objectContaining({ personid: 2, imageid: 10, galleryid: 5 }));
    expect(toast).toHaveBeenLastCalledWith('face.hiddenForMe');
    // Oneself: hidden for everyone.
    expect(await s.hide(10, mp(1, 'self'))).toBe(true);
    expect(toast).toHaveBeenLastCalledWith('face.hidden');
    expect(s.peopleOf(10)!.map((p) => p.personid)).toEqual([3]);
    s.followed(3);
    expect(s.peopleOf(10)!.find((p) => p.personid === 3)!.status).toBe('follow');
  });
});

describe('FaceTabsStore', () => {
  function make(following: Person[]) {
    const host = new FaceDialogHost();
    const toast = jest.fn();
    const lists = new Map<number, PhotoListStore>();
    const s = new FaceTabsStore({ id: 7, order: 'desc', sort: '-shoottime' }, host, {
      myFace: async () => ({ has_face: false, person: null }),
      following: async () => following,
      unfollow: async () => ({ ok: true }),
      destroy: async () => ({ faces: 1, follows: 1, hides: 0 }),
      toast,
      list: (o) => {
        const l = lists.get(o.person ?? 0) ?? new PhotoListStore(o, jest.fn());
        lists.set(o.person ?? 0, l);
        return l;
      }
    });
    return { s, host, toast };
  }

  it('a person’s photos are the gallery list narrowed to them, in the gallery’s order', () => {
    const { s } = make([]);
    expect(s.photosOf(4).options).toEqual({ galleryId: 7, order: 'desc', sorttype: '-shoottime', person: 4 });
  });

  it('follow new is refused at 6 without opening a dialog, and opens below it', async () => {
    const full = make(Array.from({ length: FRIENDS_MAX }, (_, i) => person(i + 1, { status: 'follow' })));
    await full.s.loadFollowing();
    full.s.openFollowNew();
    expect(full.host.request).toBeNull();
    expect(full.toast).toHaveBeenCalledWith('face.friendsMax');
    const some = make([person(1, { status: 'follow' })]);
    await some.s.loadFollowing();
    some.s.openFollowNew();
    expect(some.host.request).toEqual(expect.objectContaining({ mode: 'followNew', following: 1 }));
  });

  it('deleting the face data forgets the profile and the follows', async () => {
    const { s, toast, host } = make([person(1, { status: 'follow' })]);
    await s.loadFollowing();
    await s.destroyMine();
    expect(s.profile).toEqual({ has_face: false, person: null });
    expect(s.following).toEqual([]);
    expect(toast).toHaveBeenCalledWith('face.deleted');
    expect(host.version).toBe(1);
  });
});
