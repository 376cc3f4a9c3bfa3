import { act, fireEvent, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import PhotoArea from '../../src/page-components/photo';
import { fetchPhotoList } from '../../src/api/gallery';
import { fetchPhotosByIds } from '../../src/api/visits';
import { LiveConnection } from '../../src/api/live';
import type { SocketHandlers } from '../../src/platform/socket';
import { createPageStores } from '../../src/stores/RootStore';
import { PHOTO_DEFAULTS } from '../../types/page/photo';
import { DEFAULT_CONFIG, DEFAULT_THEME } from '../../types/api/gallery';
import { byTestId, isWeapp, makeGallery, makePhoto, makeRoot, photoPage, renderWith, setWindowWidth } from './helpers';
import { fakeSelectorQuery } from './photo-helpers';

jest.mock('../../src/api/gallery');
jest.mock('../../src/api/visits');
const listMock = jest.mocked(fetchPhotoList);
const byIdsMock = jest.mocked(fetchPhotosByIds);

const gallery = makeGallery({ config: { ...DEFAULT_CONFIG, sort: '-shoottime' } });
const ctx = { gallery, children: [], theme: DEFAULT_THEME };

/** A live connection over a socket the test plays the server of. */
function liveWithFakeSocket() {
  const server: { h?: SocketHandlers; sent: string[] } = { sent: [] };
  const live = new LiveConnection({
    token: () => 'session-token',
    open: (_url, h) => {
      server.h = h;
      return { send: (t) => server.sent.push(t), close: () => undefined };
    },
    onForeground: () => () => undefined
  });
  return { live, server };
}

beforeEach(() => {
  setWindowWidth(375);
  listMock.mockReset();
  byIdsMock.mockReset();
  if (isWeapp) jest.spyOn(Taro, 'createSelectorQuery').mockImplementation(() => fakeSelectorQuery() as never);
  jest.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(() => jest.restoreAllMocks());

describe('live album in the photo area', () => {
  it('inserts a photo published live at the top, and banners only the one past the loaded page', async () => {
    listMock.mockImplementation(async (g) => photoPage(0, 5, 6, g));
    const fresh = { ...makePhoto(900), shoottime: 1_800_000_000 };
    const deep = { ...makePhoto(901), shoottime: 1_000 };
    byIdsMock.mockImplementation(async (ids) => [fresh, deep].filter((p) => ids.includes(p.id)));
    const root = makeRoot();
    const { live, server } = liveWithFakeSocket();
    root.live = live;
    const page = createPageStores(root);
    const { container } = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={ctx} />, root, page);
    await waitFor(() => expect(byTestId(container, 'photo-item')).toHaveLength(5));

    expect(byTestId(container, 'photo-area')[0].getAttribute('data-live')).toBe('connecting');
    act(() => server.h!.onOpen());
    expect(byTestId(container, 'photo-area')[0].getAttribute('data-live')).toBe('open');
    act(() => server.h!.onMessage(JSON.stringify({ type: 'image_add', room: gallery.id, data: { galleryid: gallery.id, id: 900, shoottime: fresh.shoottime } })));

    await waitFor(() => expect(byTestId(container, 'photo-item')[0]?.getAttribute('data-id')).toBe('900'));
    expect(byIdsMock).toHaveBeenCalledWith([900]);
    expect(byTestId(container, 'photo-area')[0].getAttribute('data-total')).toBe('7');
    expect(byTestId(container, 'new-photos-banner')).toHaveLength(0);
    // The inserted photo is on screen: only the one paging would bring counts.
    act(() => server.h!.onMessage(JSON.stringify({ type: 'image_add', room: gallery.id, data: { galleryid: gallery.id, id: 901, shoottime: deep.shoottime } })));
    await waitFor(() => expect(byTestId(container, 'photo-area')[0].getAttribute('data-total')).toBe('8'));
    await waitFor(() => expect(byTestId(container, 'new-photos-banner')[0]?.textContent).toBe('1 new photo, tap to refresh'), { timeout: 3000 });

    // A duplicate changes nothing.
    act(() => server.h!.onMessage(JSON.stringify({ type: 'image_add', room: gallery.id, data: { galleryid: gallery.id, id: 900, shoottime: fresh.shoottime } })));
    expect(byTestId(container, 'photo-area')[0].getAttribute('data-loaded')).toBe('6');

    // Tapping the banner reloads the list and says how many photos are new since it last loaded.
    listMock.mockImplementation(async (g) => {
      const p = photoPage(0, 5, 6, g);
      return { ...p, items: [fresh, ...p.items], total: 8 };
    });
    const toast = jest.spyOn(Taro, 'showToast').mockImplementation(() => Promise.resolve() as never);
    fireEvent.click(byTestId(container, 'new-photos-banner')[0]);
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '1 new photo' })));
    expect(byTestId(container, 'new-photos-banner')).toHaveLength(0);
  });

  it('removes a deleted photo from the grid and ignores events of a gallery it does not show', async () => {
    listMock.mockImplementation(async (g) => photoPage(0, 5, 5, g));
    const root = makeRoot();
    const { live, server } = liveWithFakeSocket();
    root.live = live;
    const { container } = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={ctx} />, root, createPageStores(root));
    await waitFor(() => expect(byTestId(container, 'photo-item')).toHaveLength(5));
    act(() => server.h!.onOpen());
    act(() => server.h!.onMessage(JSON.stringify({ type: 'image_delete', room: gallery.id + 1, data: { galleryid: gallery.id + 1, ids: [1] } })));
    expect(byTestId(container, 'photo-item')).toHaveLength(5);
    act(() => server.h!.onMessage(JSON.stringify({ type: 'image_hide', room: gallery.id, data: { galleryid: gallery.id, ids: [1, 3] } })));
    await waitFor(() => expect(byTestId(container, 'photo-item').map((c) => c.getAttribute('data-id'))).toEqual(['2', '4', '5']));
  });
});
