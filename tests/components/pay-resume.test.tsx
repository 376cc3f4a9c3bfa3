// A login that leaves the page (WeChat OAuth) and reloads it: the visitor comes back where
// they were (issue 12) — the same scroll offset, the viewer open on the same photo — and the
// tapped heart, PayToRemove or Download goes on with its toast. In H5 and (TARO_ENV_JEST=weapp)
// the mini-program branch of the stores and the viewer.
import { act, waitFor } from '@testing-library/react';
import { PayStore } from '../../src/stores/pay/PayStore';
import { DownloadStore } from '../../src/stores/pay/DownloadStore';
import { ViewerStore } from '../../src/stores/viewer/ViewerStore';
import { PhotoListStore } from '../../src/stores/photos/PhotoListStore';
import { resumeAfterLogin, resumeViewerPay } from '../../src/stores/login/resume';
import type { LoginReturn } from '../../src/stores/login/LoginPromptStore';
import { makeGallery, makePhoto, photoPage } from './helpers';
import { listOf, setup, viewerMocks } from './viewer-helpers';

jest.mock('../../src/api/viewer');
jest.mock('../../src/platform/preload');
const { love: loveMock, size: sizeMock } = viewerMocks();

const gallery = makeGallery({ id: 1_000_001, is_pay_down: 3, link_id: 'carpet26' });

function viewer() {
  return new ViewerStore({ signOriginal: async (id) => `http://api.test/img/h!original?s=${id}`, fetchImageSize: async () => 1000, preload: async () => undefined });
}

describe('pay and download remember the viewer photo for a login that reloads the page', () => {
  it('one photo: the resume names gallery, photo and purpose; a selection is not resumed', async () => {
    const requireLogin = jest.fn(async () => false);
    const pay = new PayStore({ requireLogin, toast: () => undefined });
    await pay.pay(gallery, [makePhoto(7)], 'remove_watermark');
    expect(requireLogin).toHaveBeenLastCalledWith('pay', { gallery: gallery.id, photo: 7, purpose: 'remove_watermark' });
    await pay.pay(gallery, [makePhoto(7), makePhoto(8)], 'download');
    expect(requireLogin).toHaveBeenLastCalledWith('pay', undefined);
    const downloads = new DownloadStore(pay, { requireLogin, toast: () => undefined });
    await downloads.download(gallery, [makePhoto(9)]);
    expect(requireLogin).toHaveBeenLastCalledWith('download', { gallery: gallery.id, photo: 9, purpose: 'download' });
  });
});

describe('resumeViewerPay', () => {
  it('waits for the photo to be listed, opens the viewer at it, pays, and shows the original', async () => {
    const v = viewer();
    const list = new PhotoListStore({ galleryId: gallery.id, order: 'desc' }, async () => photoPage(0, 5, 5, gallery.id));
    const lists: PhotoListStore[] = [];
    // The page lists its photos a moment after the reload.
    setTimeout(() => {
      lists.push(list);
      void list.loadMore();
    }, 300);
    const pay = { pay: jest.fn(async () => true), isPaid: () => true } as unknown as PayStore;
    const downloads = { download: jest.fn(async () => true) } as unknown as DownloadStore;
    const ok = await resumeViewerPay(
      { kind: 'pay', data: { gallery: gallery.id, photo: 3, purpose: 'remove_watermark' } },
      { viewer: v, lists: () => lists, galleryOf: (id) => (id === gallery.id ? gallery : null), pay, downloads }
    );
    expect(ok).toBe(true);
    expect(v.isOpen).toBe(true);
    expect(v.current?.id).toBe(3);
    expect(pay.pay).toHaveBeenCalledWith(gallery, [expect.objectContaining({ id: 3 })], 'remove_watermark');
    expect(v.fullState(v.current!)).toBe('loaded');
    expect(v.displayUrl(v.current!)).toBe('http://api.test/img/h!original?s=3');
    expect(downloads.download).not.toHaveBeenCalled();
  });

  it('a resumed download downloads the photo', async () => {
    const v = viewer();
    const list = new PhotoListStore({ galleryId: gallery.id, order: 'desc' }, async () => photoPage(0, 2, 2, gallery.id));
    await list.loadMore();
    const pay = { pay: jest.fn(async () => true), isPaid: () => false } as unknown as PayStore;
    const downloads = { download: jest.fn(async () => true) } as unknown as DownloadStore;
    await resumeViewerPay({ kind: 'download', data: { gallery: gallery.id, photo: 2, purpose: 'download' } }, { viewer: v, lists: () => [list], galleryOf: () => gallery, pay, downloads });
    expect(downloads.download).toHaveBeenCalledWith(gallery, [expect.objectContaining({ id: 2 })]);
    expect(pay.pay).not.toHaveBeenCalled();
  });

  it('bad resume data does nothing', async () => {
    const v = viewer();
    const pay = { pay: jest.fn(async () => true) } as unknown as PayStore;
    const ok = await resumeViewerPay({ kind: 'pay', data: { gallery: 'x', photo: 0 } }, { viewer: v, lists: () => [], galleryOf: () => gallery, pay, downloads: {} as DownloadStore });
    expect(ok).toBe(false);
    expect(v.isOpen).toBe(false);
    expect(pay.pay).not.toHaveBeenCalled();
  });
});

describe('resumeAfterLogin: back where the visitor was', () => {
  /** The page is as tall as its listed photos (100 px each): scrolling further needs more pages. */
  const pageOf = (list: PhotoListStore) => {
    const offsets: number[] = [];
    const scrollTo = (top: number) => {
      const reached = Math.min(top, list.items.length * 100);
      offsets.push(reached);
      return reached;
    };
    return { offsets, scrollTo };
  };

  function returning(r: LoginReturn) {
    let taken = false;
    return { takeReturn: () => (taken ? null : ((taken = true), r)) };
  }

  it('the heart: the scroll offset (loading page 2 to reach it), the viewer on the same photo, the like done with its toast', async () => {
    sizeMock.mockResolvedValue(1000);
    const v = setup({ loggedIn: true });
    const { list, load } = await listOf(45);
    const galleryId = list.options.galleryId;
    const photo = 25; // on the second page
    loveMock.mockResolvedValue({ id: 25, loved: true, love: 8 });
    const { offsets, scrollTo } = pageOf(list);
    const onLiked = jest.fn();
    await act(async () => {
      await resumeAfterLogin(returning({ action: { kind: 'like', data: { photo, gallery: galleryId, path: '/p' } }, place: { scroll: 2300, photo: { id: photo, gallery: galleryId } } }), {
        viewer: v.viewer,
        likes: v.viewer.likes,
        lists: () => [list],
        galleryOf: () => makeGallery({ id: galleryId }),
        payment: () => ({ pay: {} as PayStore, downloads: {} as DownloadStore }),
        onLiked,
        pageLists: () => [list],
        scrollTo
      });
    });
    // The page was 2000 px tall with its first page: the second was loaded to scroll back to 2300.
    expect(load).toHaveBeenCalledTimes(2);
    expect(offsets[0]).toBe(2000);
    expect(offsets[offsets.length - 1]).toBe(2300);
    expect(v.viewer.isOpen).toBe(true);
    expect(v.currentId()).toBe(photo);
    expect(loveMock).toHaveBeenCalledWith({ id: photo, galleryid: galleryId, path: '/p', love: 1 });
    expect(v.one('viewer-like').dataset.loved).toBe('true');
    // The viewer's own toast says so (not a silent like, not a toast hidden under the viewer).
    await waitFor(() => expect(v.toast()).toBe('Added to your favorites'));
    expect(onLiked).not.toHaveBeenCalled();
  });

  it('no action (a tab, or the visitor came back without logging in): only the place', async () => {
    const v = setup();
    const { list } = await listOf(10);
    const { offsets, scrollTo } = pageOf(list);
    await act(async () => {
      await resumeAfterLogin(returning({ action: null, place: { scroll: 500, photo: { id: 4, gallery: list.options.galleryId } } }), {
        viewer: v.viewer,
        likes: v.viewer.likes,
        lists: () => [list],
        galleryOf: () => makeGallery({ id: list.options.galleryId }),
        payment: () => ({ pay: {} as PayStore, downloads: {} as DownloadStore }),
        onLiked: jest.fn(),
        pageLists: () => [list],
        scrollTo
      });
    });
    expect(offsets).toEqual([500]);
    expect(v.currentId()).toBe(4);
    expect(loveMock).not.toHaveBeenCalled();
  });

  it('PayToRemove: the viewer opens on the photo and the payment goes on to its confirmation sheet', async () => {
    const v = setup({ loggedIn: true });
    const { list } = await listOf(5);
    const g = makeGallery({ id: list.options.galleryId, is_pay_down: 3 });
    const pay = new PayStore({
      requireLogin: async () => true,
      toast: () => undefined,
      api: {
        payToImage: jest.fn(async () => ({ id: 1, status: 0, out_trade_no: 'T1', goods_id: 3, gallery_id: g.id, amount: 250, photo_ids: [2], state: 'created', created_at: 0, paid_at: null, already_paid: [] }) as never),
        preDownImg: jest.fn(),
        makePrePay: jest.fn(async () => ({ id: 1, out_trade_no: 'T1', amount: 250, status: 0, provider: 'sandbox', channel: 'native' }) as never),
        getCharge: jest.fn(),
        goods: jest.fn(async () => ({ id: 3, gallery_id: g.id, name: 'x', price: 250, kind: 'remove_watermark' }) as never)
      }
    });
    let done!: Promise<unknown>;
    act(() => {
      done = resumeAfterLogin(returning({ action: { kind: 'pay', data: { photo: 2, gallery: g.id, purpose: 'remove_watermark' } }, place: { scroll: 0, photo: { id: 2, gallery: g.id } } }), {
        viewer: v.viewer,
        likes: v.viewer.likes,
        lists: () => [list],
        galleryOf: () => g,
        payment: () => ({ pay, downloads: new DownloadStore(pay) }),
        onLiked: jest.fn(),
        pageLists: () => [list],
        scrollTo: (t) => t
      });
    });
    await waitFor(() => expect(pay.sheet?.phase).toBe('confirm'));
    expect(v.currentId()).toBe(2);
    expect(pay.sheet).toMatchObject({ purpose: 'remove_watermark', count: 1, unitPrice: 250, total: 250 });
    act(() => pay.cancel());
    await act(async () => {
      await done;
    });
  });
});
