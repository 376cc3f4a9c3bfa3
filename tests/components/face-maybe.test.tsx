// 'Maybe' people in the viewer (issue 13): with face recognition on (use_face) the people
// probably in the photo replace the thumbnail strip; a tap opens that person's album, an
// unfollowed one can be followed (guests log in first), oneself and followed persons can
// be taken off the photo. H5 and TARO_ENV_JEST=weapp.
import { act, fireEvent, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import { fetchMaybe, hideFromPhoto } from '../../src/api/face';
import { openUrl } from '../../src/platform/navigate';
import { DEFAULT_CONFIG } from '../../types/api/gallery';
import type { MaybePerson } from '../../types/api/face';
import { byTestId, makeGallery } from './helpers';
import { listOf, setup, viewerMocks } from './viewer-helpers';

jest.mock('../../src/api/viewer');
jest.mock('../../src/platform/preload');
jest.mock('../../src/api/face');
jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openUrl: jest.fn() }));

viewerMocks();

const maybe = (personid: number, status: MaybePerson['status'], imageid: number): MaybePerson => ({
  personid,
  imageid,
  galleryid: 1_000_001,
  name: status === 'follow' ? `Buddy ${personid}` : '',
  faceurl: `/api/face/crop/${personid}.jpg`,
  shape: { x: 0.1, y: 0.1, w: 0.2, h: 0.2 },
  status
});

beforeEach(() => {
  jest.mocked(openUrl).mockClear();
  jest.mocked(fetchMaybe).mockReset().mockImplementation(async (imageid) => [maybe(7, 'self', imageid), maybe(8, 'follow', imageid), maybe(9, 'unfollow', imageid)]);
  jest.mocked(hideFromPhoto).mockReset().mockResolvedValue({ ok: true });
});

async function openViewer(useFace: number, loggedIn = true) {
  const r = setup({ loggedIn });
  runInAction(() => (r.page.gallery.gallery = makeGallery({ link_id: 'carpet26', config: { ...DEFAULT_CONFIG, use_face: useFace, active_on: 1 } })));
  const { list } = await listOf(30);
  act(() => r.viewer.open(list, 2));
  await waitFor(() => expect(r.one('viewer')?.getAttribute('data-open')).toBe('true'));
  return r;
}

describe("viewer 'maybe' people", () => {
  it('without face recognition the thumbnails show and nothing is asked', async () => {
    const r = await openViewer(0);
    expect(byTestId(r.container, 'viewer-thumbs')).toHaveLength(1);
    expect(byTestId(r.container, 'viewer-maybe')).toHaveLength(0);
    expect(fetchMaybe).not.toHaveBeenCalled();
  });

  it('with it, the people of the current photo replace the thumbnails; a tap opens that person’s album', async () => {
    const r = await openViewer(1);
    expect(byTestId(r.container, 'viewer-thumbs')).toHaveLength(0);
    const photoId = r.viewer.current!.id;
    expect(fetchMaybe).toHaveBeenCalledWith(photoId);
    await waitFor(() => expect(byTestId(r.container, 'maybe-person')).toHaveLength(3));
    expect(byTestId(r.container, 'maybe-person').map((p) => p.dataset.status)).toEqual(['self', 'follow', 'unfollow']);
    fireEvent.click(byTestId(r.container, 'maybe-person')[1]);
    expect(openUrl).toHaveBeenCalledWith('/page/person/carpet26/8/u1');
    // The next photo asks for its own people.
    act(() => r.viewer.next());
    await waitFor(() => expect(fetchMaybe).toHaveBeenLastCalledWith(r.viewer.current!.id));
  });

  it('oneself and a followed person can be taken off the photo; an unfollowed one is followed through the dialog', async () => {
    const r = await openViewer(1);
    await waitFor(() => expect(byTestId(r.container, 'maybe-person')).toHaveLength(3));
    const photoId = r.viewer.current!.id;
    // Only self and followed persons carry the hide control.
    expect(byTestId(r.container, 'maybe-hide')).toHaveLength(2);
    await act(async () => void fireEvent.click(byTestId(r.container, 'maybe-hide')[1]));
    expect(hideFromPhoto).toHaveBeenCalledWith(photoId, 8);
    await waitFor(() => expect(byTestId(r.container, 'maybe-person').map((p) => p.dataset.personid)).toEqual(['7', '9']));
    expect(openUrl).not.toHaveBeenCalled();
    await act(async () => void fireEvent.click(byTestId(r.container, 'maybe-follow')[0]));
    await waitFor(() => expect(r.page.face.request).toEqual(expect.objectContaining({ mode: 'followNew', person: expect.objectContaining({ personid: 9 }) })));
    const followed = { id: 9, personid: 9, galleryid: 1_000_001, name: '', faceurl: '', image: '', shape: { x: 0, y: 0, w: 1, h: 1 }, total_image: 1, total_gallery_image: 30, status: 'follow' as const };
    act(() => r.page.face.request!.onDone!({ mode: 'followNew', person: followed }));
    await waitFor(() => expect(byTestId(r.container, 'maybe-person').map((p) => p.dataset.status)).toEqual(['self', 'follow']));
  });

  it("hiding a person also takes the photo out of the device's lists of that person's photos, and only theirs", async () => {
    const r = await openViewer(1);
    await waitFor(() => expect(byTestId(r.container, 'maybe-person')).toHaveLength(3));
    const photo = r.viewer.current!;
    const lists = [8, 9].map((person) => r.root.photoLists.get({ galleryId: photo.galleryid, order: 'desc', person }));
    runInAction(() => lists.forEach((l) => ((l.items = [photo]), (l.total = 1))));
    await act(async () => void fireEvent.click(byTestId(r.container, 'maybe-hide')[1]));
    expect(hideFromPhoto).toHaveBeenCalledWith(photo.id, 8);
    expect(lists.map((l) => l.items.map((p) => p.id))).toEqual([[], [photo.id]]);
    expect(lists[0].total).toBe(0);
  });

  it('a guest is asked to log in before following', async () => {
    const r = await openViewer(1, false);
    runInAction(() => (r.root.session.user = { openid: 'guest_1', nickname: '', photo: '', is_mock: true }));
    await waitFor(() => expect(byTestId(r.container, 'maybe-follow')).toHaveLength(1));
    await act(async () => void fireEvent.click(byTestId(r.container, 'maybe-follow')[0]));
    await waitFor(() => expect(r.root.loginPrompt.isOpen).toBe(true));
    expect(r.page.face.request).toBeNull();
  });
});
