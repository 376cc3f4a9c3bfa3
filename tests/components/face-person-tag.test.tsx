// The Person tag of the photo list and the My Photo / Following tabs (issue 13, deliverable 4)
// in H5 and (TARO_ENV_JEST=weapp) the mini-program branch: the gallery's persons 35 a page
// with counts capped at 99, a person's photos through the same windowed list (`person`),
// My Photo with and without a face on record, Following with friends max 6, follow new,
// edit buddy name and unfollow.
import { act, fireEvent, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import Taro from '@tarojs/taro';
import PhotoArea from '../../src/page-components/photo';
import FaceContent from '../../src/page-components/face';
import { fetchPhotoList } from '../../src/api/gallery';
import { fetchFollowing, fetchMyFace, fetchPersons, unfollowPerson, destroyMyFace } from '../../src/api/face';
import { PHOTO_DEFAULTS } from '../../types/page/photo';
import { DEFAULT_CONFIG, DEFAULT_THEME } from '../../types/api/gallery';
import { FRIENDS_MAX, PERSON_PAGE_SIZE, type Person } from '../../types/api/face';
import type { PhotoListQuery } from '../../types/api/photo';
import { byTestId, isWeapp, makeGallery, makeRoot, photoPage, renderWith, setWindowWidth } from './helpers';
import { fakeSelectorQuery } from './photo-helpers';
import { makePerson } from '../unit/face-fixtures';

jest.mock('../../src/api/gallery');
jest.mock('../../src/api/face');

const gallery = makeGallery({ config: { ...DEFAULT_CONFIG, use_face: 1, active_on: 1 } });
const ctx = { gallery, children: [], theme: DEFAULT_THEME };

const person = (id: number, extra: Partial<Person> = {}): Person =>
  makePerson(id, { galleryid: gallery.id, total_image: 134 - id, total_gallery_image: 500, ...extra });

const restore: jest.SpyInstance[] = [];
beforeEach(() => {
  setWindowWidth(375);
  jest.mocked(fetchPhotoList).mockReset().mockImplementation(async (g, q: PhotoListQuery) => {
    // A person's photos: 5 of them; the whole gallery: 30.
    const total = q.person ? 5 : 30;
    const offset = q.offset ?? 0;
    return photoPage(offset, Math.max(0, Math.min(20, total - offset)), total, g);
  });
  // 40 persons: a first page of 35, then 5.
  jest.mocked(fetchPersons).mockReset().mockImplementation(async (_g, page = 1) => {
    const from = (page - 1) * PERSON_PAGE_SIZE;
    const items = Array.from({ length: Math.max(0, Math.min(PERSON_PAGE_SIZE, 40 - from)) }, (_, i) => person(from + i + 1));
    return { items, total: 40, page, page_size: PERSON_PAGE_SIZE };
  });
  if (isWeapp) {
    restore.push(jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ page: {} } as never));
    restore.push(jest.spyOn(Taro, 'createSelectorQuery').mockReturnValue(fakeSelectorQuery() as never));
    restore.push(jest.spyOn(Taro, 'createIntersectionObserver').mockReturnValue({ relativeToViewport: () => ({ observe: () => undefined }), disconnect: () => undefined } as never));
  }
});
afterEach(() => restore.splice(0).forEach((s) => s.mockRestore()));

const cells = (el: HTMLElement) => byTestId(el, 'photo-item');

describe('Person tag', () => {
  it('lists the persons 35 a page with counts capped at 99; a tap lists that person’s photos with `person`', async () => {
    const r = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={ctx} />);
    await waitFor(() => expect(cells(r.container).length).toBeGreaterThan(0));
    const personTab = byTestId(r.container, 'tag-tab').find((x) => x.dataset.key === 'person')!;
    expect(personTab.textContent).toBe('People');
    fireEvent.click(personTab);
    await waitFor(() => expect(byTestId(r.container, 'person-face')).toHaveLength(PERSON_PAGE_SIZE));
    expect(fetchPersons).toHaveBeenLastCalledWith(gallery.id, 1);
    const counts = byTestId(r.container, 'person-count').map((c) => c.textContent);
    expect(counts[0]).toBe('99+');
    expect(counts).toContain('99');
    fireEvent.click(byTestId(r.container, 'person-more')[0]);
    await waitFor(() => expect(byTestId(r.container, 'person-face')).toHaveLength(40));
    expect(byTestId(r.container, 'person-more')).toHaveLength(0);

    fireEvent.click(byTestId(r.container, 'person-face')[2]);
    await waitFor(() => expect(byTestId(r.container, 'person-head')).toHaveLength(1));
    expect(byTestId(r.container, 'person-head-count')[0].textContent).toBe('99+ photos');
    await waitFor(() => expect(byTestId(r.container, 'photos-person-3')[0].getAttribute('data-loaded')).toBe('5'));
    expect(fetchPhotoList).toHaveBeenLastCalledWith(gallery.id, expect.objectContaining({ person: 3, offset: 0 }));
    // A tap opens the viewer on that person's list.
    fireEvent.click(byTestId(byTestId(r.container, 'photos-person-3')[0], 'photo-item')[0]);
    expect(r.page.viewer.list?.options.person).toBe(3);
    // Following them asks a guest to log in first; a logged-in visitor gets the follow dialog for that person.
    runInAction(() => (r.root.session.user = { openid: 'o1', nickname: 'Ann', photo: '', is_mock: false }));
    await act(async () => void fireEvent.click(byTestId(r.container, 'person-follow')[0]));
    await waitFor(() => expect(r.page.face.request).toEqual(expect.objectContaining({ mode: 'followNew', person: expect.objectContaining({ personid: 3 }) })));
  });

  it('an empty gallery says no people were recognized', async () => {
    jest.mocked(fetchPersons).mockResolvedValue({ items: [], total: 0, page: 1, page_size: PERSON_PAGE_SIZE });
    const r = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={ctx} />);
    fireEvent.click(byTestId(r.container, 'tag-tab').find((x) => x.dataset.key === 'person')!);
    await waitFor(() => expect(byTestId(r.container, 'person-empty')[0].textContent).toBe('No people recognized yet'));
  });
});

describe('My Photo tab', () => {
  it('without a face on record it offers the update-own-info dialog; with one it lists the visitor’s photos', async () => {
    jest.mocked(fetchMyFace).mockResolvedValueOnce({ has_face: false, person: null });
    const r = renderWith(<FaceContent view="mine" gallery={gallery} />);
    await waitFor(() => expect(byTestId(r.container, 'my-photo-empty')).toHaveLength(1));
    fireEvent.click(r.container.querySelector('[data-testid="my-photo-empty"] .empty-state__action')!);
    expect(r.page.face.request?.mode).toBe('updateInfo');
    // The dialog succeeds: the visitor's person in this gallery and their photos.
    const me = person(8, { status: 'self', total_image: 5 });
    // The server now knows the face (the tab loads again after a dialog's success).
    jest.mocked(fetchMyFace).mockResolvedValue({ has_face: true, person: me });
    act(() => r.page.face.request!.onDone!({ mode: 'updateInfo', profile: { has_face: true, person: me } }));
    await waitFor(() => expect(byTestId(r.container, 'photos-my-photo')[0]?.getAttribute('data-loaded')).toBe('5'));
    expect(fetchPhotoList).toHaveBeenLastCalledWith(gallery.id, expect.objectContaining({ person: 8 }));
    expect(byTestId(r.container, 'person-name')[0].textContent).toBe('Me');
    // Deleting the face data: My Photo starts over.
    jest.mocked(destroyMyFace).mockResolvedValueOnce({ faces: 1, follows: 0, hides: 0 });
    jest.mocked(fetchMyFace).mockResolvedValue({ has_face: false, person: null });
    await act(async () => void fireEvent.click(byTestId(r.container, 'my-face-delete')[0]));
    await waitFor(() => expect(byTestId(r.container, 'my-photo-empty')).toHaveLength(1));
    expect(destroyMyFace).toHaveBeenCalledTimes(1);
  });
});

describe('Following tab', () => {
  it('lists followed persons with the first one’s photos; unfollow, edit buddy name and follow new', async () => {
    let server = [person(3, { status: 'follow', name: 'Bob' }), person(4, { status: 'follow' })];
    jest.mocked(fetchFollowing).mockImplementation(async () => server);
    jest.mocked(unfollowPerson).mockImplementation(async (id) => {
      server = server.filter((p) => p.personid !== id);
      return { ok: true };
    });
    const r = renderWith(<FaceContent view="following" gallery={gallery} />);
    await waitFor(() => expect(byTestId(r.container, 'following-person')).toHaveLength(2));
    expect(byTestId(r.container, 'following-count')[0].textContent).toBe('2/6 followed');
    expect(byTestId(r.container, 'person-name')[0].textContent).toBe('Bob');
    await waitFor(() => expect(fetchPhotoList).toHaveBeenLastCalledWith(gallery.id, expect.objectContaining({ person: 3 })));
    fireEvent.click(byTestId(r.container, 'buddy-edit')[0]);
    expect(r.page.face.request).toEqual(expect.objectContaining({ mode: 'editBuddy', person: expect.objectContaining({ personid: 3, name: 'Bob' }) }));
    server = [person(3, { status: 'follow', name: 'Robert' }), server[1]];
    act(() => r.page.face.request!.onDone!({ mode: 'editBuddy', person: server[0] }));
    await waitFor(() => expect(byTestId(r.container, 'person-name')[0].textContent).toBe('Robert'));
    await act(async () => void fireEvent.click(byTestId(r.container, 'buddy-unfollow')[0]));
    expect(unfollowPerson).toHaveBeenCalledWith(3);
    await waitFor(() => expect(byTestId(r.container, 'following-person')).toHaveLength(1));
    fireEvent.click(byTestId(r.container, 'follow-new')[0]);
    expect(r.page.face.request).toEqual(expect.objectContaining({ mode: 'followNew', following: 1 }));
  });

  it('at 6 friends there is no follow-new button', async () => {
    jest.mocked(fetchFollowing).mockResolvedValue(Array.from({ length: FRIENDS_MAX }, (_, i) => person(i + 1, { status: 'follow' })));
    const r = renderWith(<FaceContent view="following" gallery={gallery} />, makeRoot('en-US'));
    await waitFor(() => expect(byTestId(r.container, 'following-person')).toHaveLength(FRIENDS_MAX));
    expect(byTestId(r.container, 'follow-new')).toHaveLength(0);
    expect(byTestId(r.container, 'following-count')[0].textContent).toBe('6/6 followed');
  });
});
