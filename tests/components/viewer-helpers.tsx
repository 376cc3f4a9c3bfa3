// Shared set-up of the viewer tests: a photo list, the viewer and the login prompt
// rendered in one page's stores, and touch helpers. The test files mock
// src/api/viewer and src/platform/preload themselves (jest.mock is per file).
import { fireEvent } from '@testing-library/react';
import { runInAction } from 'mobx';
import Viewer from '../../src/components/viewer';
import LoginPrompt from '../../src/components/login-prompt';
import { PhotoListStore } from '../../src/stores/photos/PhotoListStore';
import type { PhotoListQuery } from '../../types/api/photo';
import { fetchImageSize, fetchLoved, sendLove } from '../../src/api/viewer';
import { preloadImage } from '../../src/platform/preload';
import { byTestId, makeRoot, photoPage, renderWith, setWindowWidth } from './helpers';

/**
 * The mocked viewer API and preloader (each test file calls jest.mock on
 * src/api/viewer and src/platform/preload), reset before every test on a phone-width screen.
 */
export function viewerMocks() {
  const m = {
    size: jest.mocked(fetchImageSize),
    loved: jest.mocked(fetchLoved),
    love: jest.mocked(sendLove),
    preload: jest.mocked(preloadImage)
  };
  beforeEach(() => {
    jest.useRealTimers();
    m.size.mockReset();
    m.loved.mockReset().mockResolvedValue({});
    m.love.mockReset();
    m.preload.mockReset().mockResolvedValue(undefined);
    setWindowWidth(375);
  });
  return m;
}

/** A list of `total` photos served 20 at a time, with its first page loaded. */
export async function listOf(total: number) {
  const load = jest.fn(async (galleryId: number, q: PhotoListQuery) => {
    const offset = q.offset ?? 0;
    return photoPage(offset, Math.max(0, Math.min(20, total - offset)), total, galleryId);
  });
  const list = new PhotoListStore({ galleryId: 1_000_001, order: 'desc' }, load);
  await list.loadMore();
  return { list, load };
}

export function setup(opts: { loggedIn?: boolean } = {}) {
  const root = makeRoot('en-US');
  if (opts.loggedIn) runInAction(() => (root.session.user = { openid: 'u1', nickname: 'Ann', photo: '', is_mock: false }));
  const r = renderWith(
    <>
      <Viewer />
      <LoginPrompt />
    </>,
    root
  );
  const one = (id: string) => byTestId(r.container, id)[0];
  const currentId = () => Number(byTestId(r.container, 'viewer-slide').find((s) => s.dataset.current === 'true')?.dataset.id);
  const toast = () => one('viewer-toast')?.textContent ?? null;
  return { ...r, viewer: r.page.viewer, one, currentId, toast };
}

export function touch(el: Element, type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) {
  const touches = type === 'touchEnd' ? [] : [{ clientX: x, clientY: y, identifier: 0, target: el }];
  fireEvent[type](el, { touches, changedTouches: touches });
}

export function drag(el: Element, dx: number, dy: number) {
  touch(el, 'touchStart', 150, 200);
  touch(el, 'touchMove', 150 + dx / 2, 200 + dy / 2);
  touch(el, 'touchMove', 150 + dx, 200 + dy);
  touch(el, 'touchEnd', 150 + dx, 200 + dy);
}
