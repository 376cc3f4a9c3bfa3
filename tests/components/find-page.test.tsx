// The Find page as a whole (issue 15 §6): its gallery from ?link_id=, the 'Find' pendant
// opening the find-person dialog when the gallery's face search is on. H5 and weapp.
import { act, fireEvent } from '@testing-library/react';
import { runInAction } from 'mobx';
import Taro, { useRouter } from '@tarojs/taro';
import FindPage from '../../src/pages/find';
import { fetchGallery } from '../../src/api/gallery';
import { fetchFollowing } from '../../src/api/face';
import { fetchLovedImages, fetchPayedImages, fetchSplices } from '../../src/api/mine';
import { fetchVisitHistory, fetchLastVisit } from '../../src/api/visits';
import { DEFAULT_CONFIG } from '../../types/api/gallery';
import { byTestId, isWeapp, makeGallery, makeRoot, renderWith, setWindowWidth } from './helpers';

jest.mock('@tarojs/taro', () => ({ ...jest.requireActual('@tarojs/taro'), useRouter: jest.fn() }));
jest.mock('../../src/api/gallery');
jest.mock('../../src/api/face');
jest.mock('../../src/api/mine');
jest.mock('../../src/api/visits');

const empty = async (page = 1) => ({ items: [], total: 0, page, page_size: 30 });
const flush = () =>
  act(async () => {
    for (let i = 0; i < 50; i++) await Promise.resolve();
  });

const restore: jest.SpyInstance[] = [];
beforeEach(() => {
  setWindowWidth(375);
  jest.mocked(fetchFollowing).mockReset().mockResolvedValue([]);
  jest.mocked(fetchSplices).mockReset().mockImplementation(empty as never);
  jest.mocked(fetchLovedImages).mockReset().mockImplementation(empty as never);
  jest.mocked(fetchPayedImages).mockReset().mockImplementation(empty as never);
  jest.mocked(fetchVisitHistory).mockReset().mockImplementation(empty as never);
  jest.mocked(fetchLastVisit).mockReset().mockResolvedValue(null);
  if (isWeapp) restore.push(jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ page: {} } as never));
});
afterEach(() => restore.splice(0).forEach((s) => s.mockRestore()));

async function open(useFace: number) {
  const gallery = makeGallery({ id: 1_000_001, link_id: 'carpet26', config: { ...DEFAULT_CONFIG, use_face: useFace, active_on: 1 } });
  jest.mocked(fetchGallery).mockReset().mockResolvedValue({ gallery, children: [] });
  jest.mocked(useRouter).mockReturnValue({ params: { link_id: 'carpet26' } } as never);
  const root = makeRoot('en-US');
  runInAction(() => {
    root.session.status = 'ready';
    root.session.user = { openid: 'wx_me', nickname: 'Me', photo: '', is_mock: false } as never;
  });
  const r = renderWith(<FindPage />, root);
  await flush();
  await flush();
  return r;
}

describe('Find page', () => {
  it('the Find pendant opens the find-person dialog of the page’s gallery when its face search is on', async () => {
    const r = await open(1);
    expect(fetchGallery).toHaveBeenCalledWith({ link_id: 'carpet26' });
    expect(fetchFollowing).toHaveBeenCalledWith(1_000_001);
    const pendant = byTestId(r.container, 'find-pendant');
    expect(pendant).toHaveLength(1);
    expect(pendant[0].textContent).toBe('Find');
    expect(byTestId(r.container, 'face-dialog')).toHaveLength(0);
    fireEvent.click(pendant[0]);
    await flush();
    await flush();
    expect(byTestId(r.container, 'face-dialog')).toHaveLength(1);
  });

  it('no Find pendant without face search; followed people say No friends', async () => {
    const r = await open(0);
    expect(byTestId(r.container, 'find-pendant')).toHaveLength(0);
    expect(fetchFollowing).not.toHaveBeenCalled();
    expect(byTestId(r.container, 'find-no-friends')[0].textContent).toBe('No friends');
  });
});
