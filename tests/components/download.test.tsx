// Downloads saved the way each place can (issue 12), in H5 and (TARO_ENV_JEST=weapp) the
// mini-program branch: in-app browsers (WeChat, WeChat Work, DingTalk) get the photos at full
// size to press and hold, never a ZIP; the mini-program saves each photo to the album with its
// progress; a tap while a download runs says so; every download ends with its toast.
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import PayQr from '../../src/components/pay-qr';
import DownloadProgress from '../../src/components/pay-qr/DownloadProgress';
import { PayStore } from '../../src/stores/pay/PayStore';
import { DownloadStore, type DownloadDeps } from '../../src/stores/pay/DownloadStore';
import { saveMode, zipDownloadSupported, type DownloadOutcome } from '../../src/platform/download';
import { byTestId, isWeapp, makeGallery, makePhoto, makeRoot } from './helpers';

const gallery = makeGallery({ id: 1_000_001, is_pay_down: 0, link_id: 'demo2026', config: { ...makeGallery().config, original_photo: 1 } });
const photos = [makePhoto(1), makePhoto(2), makePhoto(3)];
const signed = (id: number) => `http://api.test/img/h${id}!original?g=1&u=7&e=9&s=sig${id}`;

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function stores(over: Partial<DownloadDeps>) {
  const toasts: Array<[string, Record<string, string | number> | undefined]> = [];
  const pay = new PayStore({ requireLogin: async () => true, toast: () => undefined });
  const downloads = new DownloadStore(pay, {
    requireLogin: async () => true,
    signOriginal: async (id) => signed(id),
    requestZip: jest.fn(async () => ({ url: '/zip/t1', expires: 0 }) as never),
    downloadOne: jest.fn(async (): Promise<DownloadOutcome> => 'saved'),
    downloadZip: jest.fn(async (): Promise<DownloadOutcome> => 'saved'),
    toast: (key, params) => void toasts.push([key, params]),
    ...over
  });
  makeRoot('en-US');
  const r = render(
    <>
      <PayQr pay={pay} downloads={downloads} />
      <DownloadProgress downloads={downloads} />
    </>
  );
  return { pay, downloads, toasts, r, keys: () => toasts.map(([k]) => k) };
}

describe('the platform says how photos are saved', () => {
  const ua = navigator.userAgent;
  afterEach(() => Object.defineProperty(navigator, 'userAgent', { configurable: true, value: ua }));

  it(isWeapp ? 'mini-program: the photo album, no ZIP' : 'H5: files and ZIPs, except press-and-hold inside WeChat, WeChat Work and DingTalk', () => {
    if (isWeapp) {
      expect(saveMode()).toBe('album');
      expect(zipDownloadSupported()).toBe(false);
      return;
    }
    const modes: Record<string, string> = {};
    for (const [name, agent] of [
      ['wechat', 'Mozilla/5.0 (iPhone) Mobile MicroMessenger/8.0.47'],
      ['wxwork', 'Mozilla/5.0 (iPhone) Mobile MicroMessenger/8.0 wxwork/4.1'],
      ['dingtalk', 'Mozilla/5.0 (Linux; Android 13) Mobile DingTalk/7.0'],
      ['mobile', 'Mozilla/5.0 (iPhone) Mobile Safari/604.1'],
      ['pc', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120']
    ]) {
      Object.defineProperty(navigator, 'userAgent', { configurable: true, value: agent });
      modes[name] = `${saveMode()} zip:${zipDownloadSupported()}`;
    }
    expect(modes).toEqual({
      wechat: 'long-press zip:false',
      wxwork: 'long-press zip:false',
      dingtalk: 'long-press zip:false',
      mobile: 'files zip:true',
      pc: 'files zip:true'
    });
  });
});

describe('in-app browsers: press and hold each photo', () => {
  it('lists the photos at full size with the hints, never asks for a ZIP, and Done closes', async () => {
    const requestZip = jest.fn();
    const { downloads, r, keys } = stores({ saveMode: () => 'long-press', requestZip });
    let ok!: Promise<boolean>;
    act(() => {
      ok = downloads.download(gallery, photos);
    });
    await act(async () => {
      await expect(ok).resolves.toBe(true);
    });
    expect(requestZip).not.toHaveBeenCalled();
    const one = (id: string) => byTestId(r.container, id)[0];
    expect(one('save-sheet').dataset.count).toBe('3');
    expect(one('save-sheet-title').textContent).toBe('Press and hold to save');
    expect(one('save-sheet-hint').textContent).toMatch(/Press and hold each photo/);
    expect(one('save-sheet-browser').textContent).toMatch(/Open in Browser/);
    const items = byTestId(r.container, 'save-sheet-photo');
    expect(items.map((i) => i.dataset.id)).toEqual(['1', '2', '3']);
    // The originals at full size (signed: this gallery gives originals).
    const srcs = items.map((i) => i.querySelector('taro-image-core, image, img')?.getAttribute('src'));
    expect(srcs).toEqual([signed(1), signed(2), signed(3)]);
    expect(keys()).toEqual([]);
    act(() => fireEvent.click(one('save-sheet-done')));
    expect(byTestId(r.container, 'save-sheet')).toHaveLength(0);
  });

  it('one photo too: a file cannot be saved there either', async () => {
    const downloadOne = jest.fn();
    const { downloads, r } = stores({ saveMode: () => 'long-press', downloadOne });
    await act(async () => {
      await downloads.download(gallery, [photos[0]]);
    });
    expect(downloadOne).not.toHaveBeenCalled();
    expect(byTestId(r.container, 'save-sheet-photo')).toHaveLength(1);
  });
});

describe('the mini-program: to the album one by one, with the progress', () => {
  it('shows "Saving to your album: n of 3" and ends with the count saved', async () => {
    const pending = photos.map(() => deferred<DownloadOutcome>());
    let call = 0;
    const downloadOne = jest.fn((_url: string, _name: string) => pending[call++].promise);
    const { downloads, r, toasts } = stores({ saveMode: () => 'album', downloadOne });
    let ok!: Promise<boolean>;
    act(() => {
      ok = downloads.download(gallery, photos);
    });
    const progress = () => byTestId(r.container, 'album-progress')[0]?.textContent;
    await waitFor(() => expect(progress()).toBe('Saving to your album: 0 of 3'));
    for (let i = 0; i < 3; i++) {
      await act(async () => pending[i].resolve('saved'));
      if (i < 2) await waitFor(() => expect(progress()).toBe(`Saving to your album: ${i + 1} of 3`));
    }
    await act(async () => {
      await expect(ok).resolves.toBe(true);
    });
    expect(byTestId(r.container, 'album-progress')).toHaveLength(0);
    expect(downloadOne.mock.calls.map((c) => c[0])).toEqual([signed(1), signed(2), signed(3)]);
    expect(toasts).toEqual([['download.Downloading', undefined], ['download.saved', { num: 3 }]]);
  });

  it('a refused album stops with its toast; a failed photo does not stop the others', async () => {
    const denied = stores({ saveMode: () => 'album', downloadOne: jest.fn(async (): Promise<DownloadOutcome> => 'denied') });
    await act(async () => {
      await expect(denied.downloads.download(gallery, photos)).resolves.toBe(false);
    });
    expect(denied.keys()).toEqual(['download.Downloading', 'download.denied']);
    const outcomes: DownloadOutcome[] = ['saved', 'failed', 'saved'];
    const part = stores({ saveMode: () => 'album', downloadOne: jest.fn(async () => outcomes.shift()!) });
    await act(async () => {
      await expect(part.downloads.download(gallery, photos)).resolves.toBe(false);
    });
    expect(part.toasts[part.toasts.length - 1]).toEqual(['download.partSaved', { saved: 2, failed: 1 }]);
  });
});

describe('browsers: files and the ZIP', () => {
  it('a second tap while the ZIP downloads says so; the end says the download started', async () => {
    const zip = deferred<DownloadOutcome>();
    const downloadZip = jest.fn((_u: string, _n: string, onProgress: (l: number, t: number | null) => void) => {
      onProgress(1024, 4096);
      return zip.promise;
    });
    const { downloads, r, keys } = stores({ saveMode: () => 'files', downloadZip });
    let first!: Promise<boolean>;
    act(() => {
      first = downloads.download(gallery, photos);
    });
    await waitFor(() => expect(byTestId(r.container, 'zip-progress')[0]?.textContent).toBe('Packing 1K of 4K'));
    await act(async () => {
      await expect(downloads.download(gallery, photos)).resolves.toBe(false);
    });
    expect(keys()).toEqual(['download.Downloading', 'download.busy']);
    await act(async () => zip.resolve('saved'));
    await expect(first).resolves.toBe(true);
    expect(keys()).toEqual(['download.Downloading', 'download.busy', 'download.done']);
    expect(downloadZip).toHaveBeenCalledTimes(1);
    expect(byTestId(r.container, 'zip-progress')).toHaveLength(0);
  });
});
