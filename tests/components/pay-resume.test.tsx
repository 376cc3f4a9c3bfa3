// PayToRemove (or Download) tapped by a guest in the WeChat browser: the login
// leaves the page (OAuth) and reloads it. The action is remembered with the login
// (photo, gallery, purpose) and goes on after the reload: the viewer opens at the
// photo once it is listed again, the payment runs, the original shows.
import { PayStore } from '../../src/stores/pay/PayStore';
import { DownloadStore } from '../../src/stores/pay/DownloadStore';
import { ViewerStore } from '../../src/stores/viewer/ViewerStore';
import { PhotoListStore } from '../../src/stores/photos/PhotoListStore';
import { resumeViewerPay } from '../../src/stores/login/resume';
import { makeGallery, makePhoto, photoPage } from './helpers';

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
