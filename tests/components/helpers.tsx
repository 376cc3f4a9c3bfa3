import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { DEFAULT_CONFIG, type Gallery } from '../../types/api/gallery';
import type { Photo, PhotoListResult } from '../../types/api/photo';
import { RootStore, StoreContext, PageStoreContext, createPageStores, type PageStores } from '../../src/stores/RootStore';
import type { Locale } from '../../src/i18n';

/** The branch under test: TARO_ENV_JEST=weapp runs the mini-program code paths. */
export const isWeapp = process.env.TARO_ENV_JEST === 'weapp';

export function makeGallery(over: Partial<Gallery> = {}): Gallery {
  return {
    id: 1_000_001,
    orderid: 1,
    link_id: 'abc123',
    url_labeling: null,
    prefix: '',
    name: 'Spring Gala',
    desc: '',
    cover: null,
    watermarks: null,
    useglobal: 0,
    galleryaddress: '',
    start_time: null,
    end_time: null,
    status: 'start',
    tags: [],
    is_pay_down: 0,
    image_total: 0,
    imagecount: 0,
    imageviews: 0,
    view_detail: { gallery_id: 1_000_001, uv: 0, view: 0 },
    privacy: 0,
    access_type: 'free',
    avchatroom: '',
    parent: 0,
    parent_link_id: null,
    pagedata: null,
    config: DEFAULT_CONFIG,
    h5_share_title: '',
    h5_share_text: '',
    h5_share_image: '',
    h5_share_link: '',
    ...over
  };
}

export function makePhoto(id: number, galleryid = 1_000_001): Photo {
  return {
    id,
    hash: id.toString(16).padStart(64, '0'),
    galleryid,
    width: 1500,
    height: 1000,
    size: 300_000,
    origin: `IMG_${id}.jpg`,
    show_mark: 0,
    love: 0,
    shoottime: 1_700_000_000 - id,
    createtime: 1_700_000_000,
    tags: [],
    check: 1,
    trash: 0
  };
}

/** A photo-list answer: `count` photos from `offset`, of `total` in all. */
export function photoPage(offset: number, count: number, total: number, galleryid = 1_000_001): PhotoListResult {
  const items = Array.from({ length: count }, (_, i) => makePhoto(offset + i + 1, galleryid));
  const next = offset + count;
  return {
    items,
    total,
    pagedata: { offset, page_size: 20, next_offset: next, has_more: next < total, sorttype: 'shoottime', order: 'desc' }
  };
}

/** A fresh RootStore in the given language (device storage is cleared first). */
export function makeRoot(language: Locale = 'en-US'): RootStore {
  window.localStorage.clear();
  let root!: RootStore;
  // The locale is global: components still mounted re-render when it changes.
  act(() => {
    root = new RootStore();
    root.settings.set('language', language);
  });
  return root;
}

/** Render inside the app's stores and one page's own stores (returned as `page`). */
export function renderWith(ui: ReactElement, root: RootStore = makeRoot(), page: PageStores = createPageStores(root)) {
  const result = render(
    <StoreContext.Provider value={root}>
      <PageStoreContext.Provider value={page}>{ui}</PageStoreContext.Provider>
    </StoreContext.Provider>
  );
  return { ...result, root, page };
}

export const byTestId = (el: ParentNode, id: string) => Array.from(el.querySelectorAll(`[data-testid="${id}"]`)) as HTMLElement[];

/** Screen width as the platform reports it: window.innerWidth in H5, Taro.getWindowInfo() in the mini-program. */
export function setWindowWidth(px: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: px });
  // A browser tells of a new size with a resize event (the platform keeps the size until one comes).
  window.dispatchEvent(new Event('resize'));
  if (isWeapp) {
    const info = { windowWidth: px, windowHeight: 700, screenWidth: px, screenHeight: 800, pixelRatio: 2, statusBarHeight: 20, screenTop: 0 };
    const spy = jest.isMockFunction(Taro.getWindowInfo) ? jest.mocked(Taro.getWindowInfo) : jest.spyOn(Taro, 'getWindowInfo');
    spy.mockReturnValue(info as never);
  }
}
