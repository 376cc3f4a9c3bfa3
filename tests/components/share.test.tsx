// The image share page /page/share/{openid}/{ids}: loaded (who shared, the photo
// grid, the viewer, the album button, Share), empty (ids unknown or gated), error
// (retry), and sharing per platform: navigator.share or the copied link in browsers,
// the share menu / open-type="share" button in the mini-program; sharing off per gallery.
import { act, fireEvent } from '@testing-library/react';
import { runInAction } from 'mobx';
import Taro, { useRouter, useShareAppMessage } from '@tarojs/taro';
import SharePage from '../../src/pages/share';
import { SharePageStore, parseShareIds } from '../../src/stores/share/SharePageStore';
import { fetchGalleriesByIds, fetchPhotosByIds } from '../../src/api/visits';
import { fetchSharer } from '../../src/api/share';
import { fetchIsPass } from '../../src/api/permission';
import { openUrl } from '../../src/platform/navigate';
import { imageTicketOf } from '../../src/utils/imageTickets';
import { GalleryDirectoryStore } from '../../src/stores/gallery/GalleryDirectoryStore';
import { DEFAULT_CONFIG } from '../../types/api/gallery';
import { byTestId, isWeapp, makeGallery, makePhoto, makeRoot, renderWith, setWindowWidth } from './helpers';

jest.mock('@tarojs/taro', () => ({ ...jest.requireActual('@tarojs/taro'), useRouter: jest.fn(), useShareAppMessage: jest.fn() }));
jest.mock('../../src/api/visits', () => ({ ...jest.requireActual('../../src/api/visits'), fetchPhotosByIds: jest.fn(), fetchGalleriesByIds: jest.fn() }));
jest.mock('../../src/api/share', () => ({ fetchSharer: jest.fn() }));
jest.mock('../../src/api/permission', () => ({ ...jest.requireActual('../../src/api/permission'), fetchIsPass: jest.fn() }));
jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openUrl: jest.fn() }));
jest.mock('../../src/platform/preload', () => ({ preloadImage: jest.fn(async () => undefined) }));

const GID = 1_000_001;
const gallery = makeGallery({ id: GID, link_id: 'carpet26', name: 'Red Carpet' });

const flush = () =>
  act(async () => {
    for (let i = 0; i < 50; i++) await Promise.resolve();
  });

async function openShare(ids = '11,12', opts: { guest?: boolean; locale?: 'en-US' | 'zh-CN' } = {}) {
  jest.mocked(useRouter).mockReturnValue({ params: { openid: 'wx_ann', ids } } as never);
  const root = makeRoot(opts.locale ?? 'en-US');
  runInAction(() => {
    root.session.status = 'ready';
    root.session.user = { openid: opts.guest === false ? 'wx_me' : 'guest_x', nickname: '', photo: '', is_mock: opts.guest !== false };
  });
  const r = renderWith(<SharePage />, root);
  await flush();
  return r;
}

beforeEach(() => {
  setWindowWidth(375);
  jest.mocked(openUrl).mockClear();
  jest.mocked(useShareAppMessage).mockClear();
  jest.mocked(fetchPhotosByIds).mockReset().mockImplementation(async (ids) => ids.filter((id) => id < 100).map((id) => makePhoto(id, GID)).reverse());
  jest.mocked(fetchGalleriesByIds).mockReset().mockResolvedValue([gallery]);
  jest.mocked(fetchSharer).mockReset().mockResolvedValue({ nickname: 'Ann', photo: 'https://thirdwx.qlogo.cn/ann.png' });
  jest.mocked(fetchIsPass).mockReset();
});

describe('share page: loaded', () => {
  it('shows who shared, the photos in shared order as watermarked display crops, the viewer on tap, and the album button', async () => {
    const { container } = await openShare('12,11');
    expect(fetchPhotosByIds).toHaveBeenCalledWith([12, 11]);
    expect(byTestId(container, 'share-sharer-text')[0].textContent).toBe('Ann shared 2 photos with you');
    expect(byTestId(container, 'share-sharer-avatar')).toHaveLength(1);
    const cells = byTestId(container, 'photo-item');
    expect(cells.map((c) => c.getAttribute('data-id'))).toEqual(['12', '11']);
    const src = cells[0].querySelector('img')?.getAttribute('src') ?? cells[0].querySelector('taro-image-core')?.getAttribute('src') ?? '';
    expect(src).toMatch(new RegExp(`/img/${makePhoto(12).hash}!wx_250_160\\?g=${GID}$`));

    fireEvent.click(cells[1]);
    await flush();
    const viewer = byTestId(container, 'viewer')[0];
    expect(viewer.getAttribute('data-open')).toBe('true');
    expect(byTestId(container, 'viewer-position')[0].textContent).toBe('2/2');

    fireEvent.click(byTestId(container, 'share-album')[0]);
    expect(byTestId(container, 'share-album')[0].textContent).toBe('View the whole album');
    expect(openUrl).toHaveBeenCalledWith('/g/carpet26');
  });

  it('an unknown sharer (or a guest) is an anonymous line', async () => {
    jest.mocked(fetchSharer).mockResolvedValue(null);
    const { container } = await openShare('11');
    expect(byTestId(container, 'share-sharer-text')[0].textContent).toBe('1 photo shared with you');
    expect(byTestId(container, 'share-sharer-avatar')).toHaveLength(0);
  });

  it('sets the share content: the page path, the fallback title and the first photo', async () => {
    await openShare('11,12', { guest: false });
    if (!isWeapp) {
      expect(useShareAppMessage).not.toHaveBeenCalled();
      return;
    }
    const make = jest.mocked(useShareAppMessage).mock.calls.at(-1)![0] as () => { title: string; path: string; imageUrl?: string };
    const msg = make();
    expect(msg.title).toBe('Photos from Red Carpet');
    // A logged-in visitor shares on under their own openid.
    expect(msg.path).toBe('/pages/share/index?openid=wx_me&ids=11%2C12&route=share');
    expect(msg.imageUrl).toMatch(new RegExp(`^https?://[^/]+/img/${makePhoto(11).hash}!wx_375_240`));
  });
});

describe('share page: empty and error', () => {
  it('all ids unknown or gated: the empty state says so', async () => {
    const { container } = await openShare('500,501');
    expect(byTestId(container, 'share-empty')[0].textContent).toContain('These shared photos are no longer available');
    expect(byTestId(container, 'photo-item')).toHaveLength(0);
    expect(byTestId(container, 'share-button')).toHaveLength(0);
  });

  it('a failed load shows Load Error with retry, which loads again', async () => {
    jest.mocked(fetchPhotosByIds).mockRejectedValueOnce(new Error('offline'));
    const { container } = await openShare('11');
    const err = byTestId(container, 'share-error')[0];
    expect(err.textContent).toContain('Could not load');
    fireEvent.click(err.querySelector('.empty-state__action')!);
    await flush();
    expect(byTestId(container, 'photo-item')).toHaveLength(1);
  });
});

describe('share button', () => {
  const nav = navigator as unknown as { share?: unknown; clipboard?: unknown };
  afterEach(() => {
    delete nav.share;
    delete nav.clipboard;
  });

  if (isWeapp) {
    it('mini-program: a native open-type="share" button, and the share menu is shown', async () => {
      const show = jest.spyOn(Taro, 'showShareMenu').mockResolvedValue({} as never);
      const { container } = await openShare('11');
      const button = byTestId(container, 'share-button')[0];
      expect(button.textContent).toBe('Share');
      expect(button.getAttribute('open-type') ?? button.getAttribute('opentype') ?? (button as unknown as { openType?: string }).openType).toBe('share');
      expect(show).toHaveBeenCalled();
    });

    it('mini-program: sharing off for the gallery hides the button and the share menu', async () => {
      const hide = jest.spyOn(Taro, 'hideShareMenu').mockResolvedValue({} as never);
      jest.mocked(fetchGalleriesByIds).mockResolvedValue([{ ...gallery, config: { ...DEFAULT_CONFIG, share_off: 1 } }]);
      const { container } = await openShare('11');
      expect(byTestId(container, 'photo-item')).toHaveLength(1);
      expect(byTestId(container, 'share-button')).toHaveLength(0);
      expect(hide).toHaveBeenCalled();
    });
    return;
  }

  it('browser with navigator.share: the system sheet gets the title and the absolute page URL', async () => {
    const share = jest.fn(async () => undefined);
    nav.share = share;
    const { container } = await openShare('11,12');
    await act(async () => void fireEvent.click(byTestId(container, 'share-button')[0]));
    await flush();
    expect(share).toHaveBeenCalledWith({ title: 'Photos from Red Carpet', text: '2 photos shared with you. Tap to view', url: `${location.origin}/page/share/wx_ann/11,12` });
  });

  it('browser without navigator.share: the link is copied and the Copyed toast shows', async () => {
    const writeText = jest.fn(async () => undefined);
    nav.clipboard = { writeText };
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never);
    const { container } = await openShare('11');
    await act(async () => void fireEvent.click(byTestId(container, 'share-button')[0]));
    await flush();
    expect(writeText).toHaveBeenCalledWith(`${location.origin}/page/share/wx_ann/11`);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Link copied', duration: 1000 }));
  });

  describe('in the WeChat browser', () => {
    const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
    beforeEach(() => {
      Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => WECHAT_UA });
    });
    afterEach(() => {
      delete (navigator as unknown as { userAgent?: string }).userAgent;
    });

    it('copies the link and points at the ··· menu to send it to a chat or Moments, instead of only saying it was copied', async () => {
      const writeText = jest.fn(async () => undefined);
      nav.clipboard = { writeText };
      // Even where WeChat exposes a system sheet, its own menu is the way to a chat or Moments.
      const share = jest.fn(async () => undefined);
      nav.share = share;
      const toast = jest.spyOn(Taro, 'showToast').mockClear().mockResolvedValue({} as never);
      const { container } = await openShare('11');
      expect(byTestId(container, 'share-menu-hint')).toHaveLength(0);
      await act(async () => void fireEvent.click(byTestId(container, 'share-button')[0]));
      await flush();
      expect(share).not.toHaveBeenCalled();
      expect(writeText).toHaveBeenCalledWith(`${location.origin}/page/share/wx_ann/11`);
      expect(toast).not.toHaveBeenCalled();
      expect(byTestId(container, 'share-menu-hint-text')[0].textContent).toBe('Tap ··· at the top right to send this to a chat or share it to Moments');
      expect(byTestId(container, 'share-menu-hint-copied')[0].textContent).toBe('The link is copied too, ready to paste');
      expect(byTestId(container, 'share-menu-hint-arrow')).toHaveLength(1);
      // Got it (or a tap anywhere) closes it.
      fireEvent.click(byTestId(container, 'share-menu-hint-close')[0]);
      expect(byTestId(container, 'share-menu-hint')).toHaveLength(0);
    });

    it('still points at the menu when the link cannot be copied, without claiming it was, in Chinese too', async () => {
      nav.clipboard = { writeText: jest.fn(async () => Promise.reject(new Error('denied'))) };
      const exec = (document as unknown as { execCommand?: unknown }).execCommand;
      (document as unknown as { execCommand: () => boolean }).execCommand = () => false;
      try {
        const { container } = await openShare('11', { locale: 'zh-CN' });
        await act(async () => void fireEvent.click(byTestId(container, 'share-button')[0]));
        await flush();
        expect(byTestId(container, 'share-menu-hint-text')[0].textContent).toBe('点击右上角 ··· ，发送给朋友或分享到朋友圈');
        expect(byTestId(container, 'share-menu-hint-copied')).toHaveLength(0);
        expect(byTestId(container, 'share-menu-hint-close')[0].textContent).toBe('知道了');
        fireEvent.click(byTestId(container, 'share-menu-hint')[0]);
        expect(byTestId(container, 'share-menu-hint')).toHaveLength(0);
      } finally {
        (document as unknown as { execCommand?: unknown }).execCommand = exec;
      }
    });
  });

  it('browser: sharing off for the gallery hides the Share button', async () => {
    jest.mocked(fetchGalleriesByIds).mockResolvedValue([{ ...gallery, config: { ...DEFAULT_CONFIG, share_off: 1 } }]);
    const { container } = await openShare('11');
    expect(byTestId(container, 'share-album')).toHaveLength(1);
    expect(byTestId(container, 'share-button')).toHaveLength(0);
  });
});

describe('SharePageStore', () => {
  it('parses ids: numeric, once each, in order, at most 50', () => {
    expect(parseShareIds('3,1,3,x,0,2')).toEqual([3, 1, 2]);
    expect(parseShareIds(Array.from({ length: 60 }, (_, i) => i + 1).join(','))).toHaveLength(50);
    expect(parseShareIds(undefined)).toEqual([]);
  });

  it('keeps the image ticket of a passed gated gallery for the photo URLs', async () => {
    const gated = makeGallery({ id: 1_000_777, link_id: 'vip2026a', access_type: 'password' });
    const directory = new GalleryDirectoryStore(async () => [gated]);
    const isPass = jest.fn(async () => ({ image_ticket: '1900000000.ticket' }));
    const store = new SharePageStore({ directory, photos: async () => [makePhoto(5, gated.id)], sharer: async () => null, isPass });
    await store.load('o1', '5');
    expect(store.state).toBe('ready');
    expect(isPass).toHaveBeenCalledWith(gated.id);
    expect(imageTicketOf(gated.id)).toBe('1900000000.ticket');
    expect(store.albumUrl).toBe('/g/vip2026a');
  });

  it('no valid ids: empty without asking the server', async () => {
    const photos = jest.fn(async () => []);
    const store = new SharePageStore({ directory: new GalleryDirectoryStore(async () => []), photos, sharer: async () => null });
    await store.load('o1', '');
    expect(store.state).toBe('empty');
    expect(photos).not.toHaveBeenCalled();
  });
});
