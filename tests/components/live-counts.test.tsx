import { act, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { observer } from 'mobx-react';
import PhotoArea from '../../src/page-components/photo';
import { GalleryHeader } from '../../src/components/gallery-header';
import { fetchGallery, fetchPhotoList } from '../../src/api/gallery';
import { fetchPhotosByIds } from '../../src/api/visits';
import { LiveConnection } from '../../src/api/live';
import type { SocketHandlers } from '../../src/platform/socket';
import { createPageStores, usePageStores } from '../../src/stores/RootStore';
import { PHOTO_DEFAULTS } from '../../types/page/photo';
import { DEFAULT_CONFIG, DEFAULT_THEME } from '../../types/api/gallery';
import { byTestId, isWeapp, makeGallery, makePhoto, makeRoot, photoPage, renderWith, setWindowWidth } from './helpers';
import { fakeSelectorQuery } from './photo-helpers';

jest.mock('../../src/api/gallery');
jest.mock('../../src/api/visits');
const listMock = jest.mocked(fetchPhotoList);
const galleryMock = jest.mocked(fetchGallery);
const byIdsMock = jest.mocked(fetchPhotosByIds);

const gallery = makeGallery({ config: { ...DEFAULT_CONFIG, sort: '-shoottime' }, image_total: 5 });
const ctx = { gallery, children: [], theme: DEFAULT_THEME };

function liveWithFakeSocket() {
  const server: { h?: SocketHandlers } = {};
  const live = new LiveConnection({
    token: () => 'session-token',
    open: (_url, h) => {
      server.h = h;
      return { send: () => undefined, close: () => undefined };
    },
    onForeground: () => () => undefined
  });
  return { live, server };
}

/** The gallery page's header over its photo area, as the page renders them. */
const Page = observer(function Page() {
  const { gallery: store } = usePageStores();
  return (
    <>
      {store.gallery ? <GalleryHeader gallery={store.gallery} status="start" photoCount={store.photoCount} /> : null}
      <PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={ctx} />
    </>
  );
});

const num = (el: HTMLElement) => el.querySelector('.stats-row__num')!.textContent;

async function openPage(total: number) {
  listMock.mockImplementation(async (g) => photoPage(0, 5, total, g));
  galleryMock.mockResolvedValue({ gallery, children: [] });
  const root = makeRoot();
  const { live, server } = liveWithFakeSocket();
  root.live = live;
  const page = createPageStores(root);
  await act(() => page.gallery.open({ link_id: gallery.link_id }));
  const view = renderWith(<Page />, root, page);
  await waitFor(() => expect(byTestId(view.container, 'photo-item')).toHaveLength(5));
  act(() => server.h!.onOpen());
  const send = (type: string, data: object, room = gallery.id) => act(() => server.h!.onMessage(JSON.stringify({ type, room, data })));
  return { ...view, page, send };
}

beforeEach(() => {
  setWindowWidth(375);
  listMock.mockReset();
  galleryMock.mockReset();
  byIdsMock.mockReset();
  if (isWeapp) jest.spyOn(Taro, 'createSelectorQuery').mockImplementation(() => fakeSelectorQuery() as never);
  jest.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(() => jest.restoreAllMocks());

describe('live counts in the gallery header', () => {
  it('the photo count rises and falls with image_add / hide / delete, once per photo id', async () => {
    const fresh = { ...makePhoto(900), shoottime: 1_800_000_000 };
    byIdsMock.mockResolvedValue([fresh]);
    const { container, send } = await openPage(5);
    const photos = () => num(byTestId(container, 'stat-photos')[0]);
    expect(photos()).toBe('5');

    send('image_add', { galleryid: gallery.id, id: 900, shoottime: fresh.shoottime });
    expect(photos()).toBe('6');
    // The same frame again (a reconnect replays it): no second step.
    send('image_add', { galleryid: gallery.id, id: 900, shoottime: fresh.shoottime });
    expect(photos()).toBe('6');
    await waitFor(() => expect(byTestId(container, 'photo-item')).toHaveLength(6));

    send('image_hide', { galleryid: gallery.id, ids: [1, 1, 3] });
    expect(photos()).toBe('4');
    // Deleting a photo already hidden does not count it twice.
    send('image_delete', { galleryid: gallery.id, ids: [3] });
    expect(photos()).toBe('4');
    send('image_show', { galleryid: gallery.id, ids: [1] });
    expect(photos()).toBe('5');
    // Another gallery's room moves nothing.
    send('image_add', { galleryid: gallery.id + 1, id: 901, shoottime: 1 }, gallery.id + 1);
    expect(photos()).toBe('5');
  });

  it('the banner counts only photos the list does not show yet', async () => {
    // A photo newer than all (inserted at the top) and one older than the loaded page (paging brings it).
    const top = { ...makePhoto(900), shoottime: 1_800_000_000 };
    const deep = { ...makePhoto(901), shoottime: 1_000 };
    byIdsMock.mockImplementation(async (ids) => [top, deep].filter((p) => ids.includes(p.id)));
    const { container, send } = await openPage(40);
    const area = () => byTestId(container, 'photo-area')[0];

    send('image_add', { galleryid: gallery.id, id: 900, shoottime: top.shoottime });
    await waitFor(() => expect(byTestId(container, 'photo-item')[0]?.getAttribute('data-id')).toBe('900'));
    send('image_add', { galleryid: gallery.id, id: 901, shoottime: deep.shoottime });
    await waitFor(() => expect(area().getAttribute('data-total')).toBe('42'));
    expect(area().getAttribute('data-loaded')).toBe('6');

    await waitFor(() => expect(byTestId(container, 'new-photos-banner')[0]?.textContent).toBe('1 new photo, tap to refresh'), { timeout: 3000 });
    expect(num(byTestId(container, 'stat-photos')[0])).toBe('7');

    // The one photo counted goes before the visitor saw it: the banner goes with it.
    send('image_delete', { galleryid: gallery.id, ids: [901] });
    expect(byTestId(container, 'new-photos-banner')).toHaveLength(0);
    expect(num(byTestId(container, 'stat-photos')[0])).toBe('6');
  });
});

describe('the view count next to the visitors', () => {
  it('never reads fewer views than the visitors shown under it', async () => {
    const root = makeRoot();
    const first = makeGallery({ view_detail: { gallery_id: 1, uv: 0, view: 0 } });
    act(() => root.visits.latest.set(first.link_id, { items: [{ photo: '', nickname: 'guest' }], total: 1 } as never));
    const { container } = renderWith(<GalleryHeader gallery={first} status="start" photoCount={0} />, root);
    expect(byTestId(container, 'visitor-total')[0].textContent).toContain('1');
    expect(num(byTestId(container, 'stat-views')[0])).toBe('1');

    // Stats the server returns win when they are higher; unique visitors count as views too.
    const seen = makeGallery({ link_id: 'other', view_detail: { gallery_id: 1, uv: 12, view: 9 } });
    const again = renderWith(<GalleryHeader gallery={seen} status="start" photoCount={0} />, root);
    expect(num(byTestId(again.container, 'stat-views')[0])).toBe('12');
  });
});
