// The venue screen (/g/{link_id}/screen) of a gated gallery: without the pass it sends
// the operator to the permission page with a return to the screen (no photos asked
// for); with the pass it shows the photos. The permission page's return target is a
// name, never a URL, so it cannot lead off the site.
import { act } from '@testing-library/react';
import { runInAction } from 'mobx';
import { useRouter } from '@tarojs/taro';
import ScreenPage from '../../src/pages/screen';
import PermissionGate from '../../src/components/permission';
import { PermissionStore } from '../../src/stores/permission/PermissionStore';
import { afterGateUrl, gateReturnOf, permissionUrl } from '../../src/stores/gallery/galleryGate';
import { fetchGallery, fetchPhotoList } from '../../src/api/gallery';
import { fetchIsPass, fetchPermissibility, type PermissionApi } from '../../src/api/permission';
import { openUrl } from '../../src/platform/navigate';
import { imageTicketOf } from '../../src/utils/imageTickets';
import type { GateKind, IsPassResponse, PermissibilityResponse } from '../../types/api/permission';
import type { AccessType } from '../../types/api/gallery';
import { byTestId, makeGallery, makeRoot, photoPage, renderWith } from './helpers';

jest.mock('@tarojs/taro', () => ({ ...jest.requireActual('@tarojs/taro'), useRouter: jest.fn() }));
jest.mock('../../src/api/gallery', () => ({ ...jest.requireActual('../../src/api/gallery'), fetchGallery: jest.fn(), fetchPhotoList: jest.fn() }));
jest.mock('../../src/api/permission', () => ({ ...jest.requireActual('../../src/api/permission'), fetchPermissibility: jest.fn(), fetchIsPass: jest.fn() }));
jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openUrl: jest.fn() }));
jest.mock('../../src/platform/preload');

const GID = 1_000_321;
const LINK = 'vip2026a';
const TICKET = '1900000000.abcdefghijklmnopqrstuv';

const flush = () =>
  act(async () => {
    for (let i = 0; i < 50; i++) await Promise.resolve();
  });

function pass(kind: GateKind, access_type: AccessType, ispass: boolean): IsPassResponse {
  return { gallery_id: GID, kind, access_type, ispass, expires_at: ispass ? 1_900_000_000 : null, image_ticket: ispass ? TICKET : null };
}

function permissibility(passed: boolean): PermissibilityResponse {
  return {
    gallery_id: GID,
    link_id: LINK,
    name: 'VIP Lounge',
    cover: null,
    state: passed ? 'passed' : 'password',
    kind: passed ? null : 'watermark',
    gates: { pgdata: { access_type: 'free', ispass: true }, watermark: { access_type: 'password', ispass: passed } }
  };
}

async function openScreen(passed: boolean) {
  jest.mocked(useRouter).mockReturnValue({ params: { link_id: LINK } } as never);
  jest.mocked(fetchGallery).mockResolvedValue({ gallery: makeGallery({ id: GID, link_id: LINK, name: 'VIP Lounge', access_type: 'password' }), children: [] });
  jest.mocked(fetchPermissibility).mockResolvedValue(permissibility(passed));
  jest.mocked(fetchIsPass).mockImplementation(async (kind) => pass(kind, kind === 'watermark' ? 'password' : 'free', passed));
  jest.mocked(fetchPhotoList).mockImplementation(async (galleryId, q) => photoPage(q.offset ?? 0, 3, 3, galleryId));
  const root = makeRoot('en-US');
  runInAction(() => {
    root.session.status = 'ready';
  });
  const r = renderWith(<ScreenPage />, root);
  await flush();
  return r;
}

beforeEach(() => {
  jest.mocked(openUrl).mockClear();
  jest.mocked(fetchPhotoList).mockReset();
});

describe('venue screen of a gated gallery', () => {
  it('without the pass: on to the permission page that returns to the screen; no photos are asked for', async () => {
    const { container } = await openScreen(false);
    expect(openUrl).toHaveBeenCalledWith(`/page/permission/${GID}?to=screen`, { replace: true });
    expect(fetchPhotoList).not.toHaveBeenCalled();
    expect(byTestId(container, 'carousel')).toHaveLength(0);
  });

  it('with the pass: the photos show (with the image ticket) and nobody is sent away', async () => {
    const { container } = await openScreen(true);
    expect(openUrl).not.toHaveBeenCalled();
    expect(byTestId(container, 'carousel')[0].dataset.count).toBe('3');
    expect(fetchPhotoList).toHaveBeenCalledWith(GID, expect.objectContaining({ sorttype: 'shoottime', order: 'asc' }));
    expect(imageTicketOf(GID)).toBe(TICKET);
  });
});

describe('permission page return target', () => {
  it('the right password on a page opened from the screen goes back to the screen', async () => {
    let open = false;
    const api = {
      isPass: jest.fn(async (kind: GateKind) => (kind === 'pgdata' ? pass('pgdata', 'free', true) : pass('watermark', 'password', open))),
      checkPassword: jest.fn(async () => {
        open = true;
        return pass('watermark', 'password', true);
      }),
      sendCode: jest.fn(),
      validateCode: jest.fn()
    } as unknown as jest.Mocked<PermissionApi>;
    const store = new PermissionStore({ api, loadGallery: async () => ({ gallery: makeGallery({ id: GID, link_id: LINK }), children: [] }) });
    renderWith(<PermissionGate store={store} to={gateReturnOf('screen')} />);
    await act(() => store.load(GID));
    expect(openUrl).not.toHaveBeenCalled();
    act(() => store.setPassword('2026'));
    await act(() => store.submitPassword());
    expect(openUrl).toHaveBeenCalledWith(`/g/${LINK}/screen`, { replace: true });
  });

  it('only the known name leads to the screen; anything else (a URL included) means the gallery page', () => {
    const g = { id: GID, link_id: LINK };
    expect(gateReturnOf('screen')).toBe('screen');
    for (const raw of [undefined, '', 'gallery', 'https://evil.example/', '//evil.example', '/g/other1/screen', 'SCREEN']) {
      expect(gateReturnOf(raw)).toBe('gallery');
      expect(afterGateUrl(g, undefined, gateReturnOf(raw))).toBe(`/g/${LINK}`);
    }
    expect(afterGateUrl(g, '1', 'gallery')).toBe(`/g/${LINK}/original/1`);
    expect(permissionUrl(GID)).toBe(`/page/permission/${GID}`);
    expect(permissionUrl(GID, '1')).toBe(`/page/permission/${GID}/original/1`);
  });
});
