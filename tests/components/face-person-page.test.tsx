// The person album page /page/person/{link_id}/{personid}/{openid} (issue 13): the person's
// face, name and count (capped at 99), their photos in the gallery's order through the
// windowed list (`person`), the viewer, and share (the visitor's own openid in the link;
// the mini-program's share menu). H5 and TARO_ENV_JEST=weapp.
import { act, fireEvent, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import Taro, { useRouter, useShareAppMessage } from '@tarojs/taro';
import PersonPage from '../../src/pages/person';
import { fetchGallery, fetchPhotoList } from '../../src/api/gallery';
import { fetchPerson } from '../../src/api/face';
import { copyShareLink } from '../../src/platform/share';
import { ApiError } from '../../src/api/client';
import { DEFAULT_CONFIG } from '../../types/api/gallery';
import type { Person } from '../../types/api/face';
import { byTestId, isWeapp, makeGallery, makeRoot, photoPage, renderWith, setWindowWidth } from './helpers';
import { fakeSelectorQuery } from './photo-helpers';

jest.mock('@tarojs/taro', () => ({ ...jest.requireActual('@tarojs/taro'), useRouter: jest.fn(), useShareAppMessage: jest.fn() }));
jest.mock('../../src/api/gallery');
jest.mock('../../src/api/face');
jest.mock('../../src/platform/share', () => ({ ...jest.requireActual('../../src/platform/share'), copyShareLink: jest.fn() }));

const GID = 1_000_001;
const gallery = makeGallery({ id: GID, link_id: 'carpet26', name: 'Red Carpet', config: { ...DEFAULT_CONFIG, use_face: 1, active_on: 1, sort: '-shoottime' } });
const bob: Person = {
  id: 3,
  personid: 3,
  galleryid: GID,
  name: 'Bob',
  faceurl: '/api/face/crop/3.jpg',
  image: 'h',
  shape: { x: 0, y: 0, w: 1, h: 1 },
  total_image: 120,
  total_gallery_image: 500,
  status: 'follow'
};

const flush = () =>
  act(async () => {
    for (let i = 0; i < 50; i++) await Promise.resolve();
  });

const restore: jest.SpyInstance[] = [];
beforeEach(() => {
  setWindowWidth(375);
  jest.mocked(fetchGallery).mockReset().mockResolvedValue({ gallery, children: [] });
  jest.mocked(fetchPerson).mockReset().mockResolvedValue(bob);
  jest.mocked(fetchPhotoList).mockReset().mockImplementation(async (g, q) => photoPage(q.offset ?? 0, 7, 7, g));
  jest.mocked(copyShareLink).mockReset().mockResolvedValue(true);
  jest.mocked(useShareAppMessage).mockClear();
  if (isWeapp) {
    restore.push(jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ page: {} } as never));
    restore.push(jest.spyOn(Taro, 'createSelectorQuery').mockReturnValue(fakeSelectorQuery() as never));
    restore.push(jest.spyOn(Taro, 'createIntersectionObserver').mockReturnValue({ relativeToViewport: () => ({ observe: () => undefined }), disconnect: () => undefined } as never));
  }
});
afterEach(() => restore.splice(0).forEach((s) => s.mockRestore()));

async function open(params: Record<string, string>, user = { openid: 'wx_me', nickname: 'Me', photo: '', is_mock: false }) {
  jest.mocked(useRouter).mockReturnValue({ params } as never);
  const root = makeRoot('en-US');
  runInAction(() => {
    root.session.status = 'ready';
    root.session.user = user;
  });
  const r = renderWith(<PersonPage />, root);
  await flush();
  await flush();
  return r;
}

describe('person album page', () => {
  it('shows the person, their photos with person=, the viewer on tap, and shares under the visitor’s openid', async () => {
    const r = await open({ link_id: 'carpet26', personid: '3', openid: 'wx_ann' });
    expect(fetchPerson).toHaveBeenCalledWith(3);
    expect(fetchGallery).toHaveBeenCalledWith({ id: GID });
    await waitFor(() => expect(byTestId(r.container, 'person-name')[0]?.textContent).toBe('Bob'));
    expect(byTestId(r.container, 'person-head-count')[0].textContent).toBe('99+ photos');
    expect(fetchPhotoList).toHaveBeenCalledWith(GID, expect.objectContaining({ person: 3, sorttype: '-shoottime', offset: 0 }));
    await waitFor(() => expect(byTestId(r.container, 'photo-item')).toHaveLength(7));
    // The page's own viewer opens on the person's list.
    fireEvent.click(byTestId(r.container, 'photo-item')[2]);
    await waitFor(() => expect(byTestId(r.container, 'viewer')[0]?.getAttribute('data-open')).toBe('true'));
    expect(byTestId(r.container, 'viewer-position')[0].textContent).toBe('3/7');
    if (isWeapp) {
      // The mini-program shares through its menu with this page's path.
      const handler = jest.mocked(useShareAppMessage).mock.calls.at(-1)![0] as () => { path: string; title: string };
      expect(handler().path).toContain('personid=3');
      expect(handler().path).toContain('openid=wx_me');
      expect(handler().path).toContain('avatar=%2Fapi%2Fface%2Fcrop%2F3.jpg');
      expect(handler().title).toBe('Photos of Bob');
    } else {
      // The share modal, then Copy link.
      fireEvent.click(byTestId(r.container, 'share-button')[0]);
      fireEvent.click(byTestId(r.container, 'share-opt-copy')[0]);
      await flush();
      // The link carries the person's face (?avatar=, spec part 1 §2) and the face is the shared image.
      expect(copyShareLink).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Photos of Bob', imageUrl: bob.faceurl, url: '/page/person/carpet26/3/wx_me?avatar=%2Fapi%2Fface%2Fcrop%2F3.jpg' })
      );
    }
  });

  it('the other form /page/person/{id}/{personid}/{openid} opens the same album', async () => {
    const r = await open({ link_id: String(GID), personid: '3', openid: 'wx_ann' });
    await waitFor(() => expect(byTestId(r.container, 'person-album')[0]?.getAttribute('data-personid')).toBe('3'));
  });

  it('opens with the avatar of its link while the album loads; an avatar from elsewhere is ignored', async () => {
    let answer!: (p: Person) => void;
    jest.mocked(fetchPerson).mockImplementationOnce(() => new Promise((r) => (answer = r)));
    const r = await open({ link_id: String(GID), personid: '3', openid: 'wx_ann', avatar: '/api/face/crop/3.jpg' });
    const avatar = byTestId(r.container, 'person-link-avatar')[0];
    expect(avatar.getAttribute('src') ?? avatar.querySelector('img')?.getAttribute('src')).toMatch(/\/api\/face\/crop\/3\.jpg$/);
    await act(async () => answer(bob));
    await waitFor(() => expect(byTestId(r.container, 'person-name')[0]?.textContent).toBe('Bob'));
    expect(byTestId(r.container, 'person-link-avatar')).toHaveLength(0);
    jest.mocked(fetchPerson).mockImplementationOnce(() => new Promise(() => undefined));
    const r2 = await open({ link_id: 'carpet26', personid: '3', openid: 'wx_ann', avatar: 'https://evil.example/x.jpg' });
    expect(byTestId(r2.container, 'person-loading')).toHaveLength(1);
    expect(byTestId(r2.container, 'person-link-avatar')).toHaveLength(0);
  });

  it('an unknown person is not found; a person id that is not a number is not asked for', async () => {
    jest.mocked(fetchPerson).mockRejectedValueOnce(new ApiError(404, 404, { code: 404, msg: 'not found', data: null }, 'x'));
    const r = await open({ link_id: 'carpet26', personid: '99', openid: 'x' });
    expect(byTestId(r.container, 'not-found')).toHaveLength(1);
    jest.mocked(fetchPerson).mockClear();
    const r2 = await open({ link_id: 'carpet26', personid: 'abc', openid: 'x' });
    expect(fetchPerson).not.toHaveBeenCalled();
    expect(byTestId(r2.container, 'not-found').length).toBeGreaterThan(0);
  });
});
