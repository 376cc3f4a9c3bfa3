// The Find page's tabs and the Me page's footer (issue 15 §5–§6). Runs in H5 and in the
// mini-program branch (TARO_ENV_JEST=weapp).
import { act, fireEvent } from '@testing-library/react';
import { runInAction } from 'mobx';
import FindPanel from '../../src/components/find';
import { MeFooter, orderUrl } from '../../src/components/me-footer';
import MePage from '../../src/pages/me';
import { FindStore, type FindApi } from '../../src/stores/find/FindStore';
import { VisitStore, type VisitApi } from '../../src/stores/visits/VisitStore';
import { openUrl } from '../../src/platform/navigate';
import type { RootStore } from '../../src/stores/RootStore';
import type { VisitItem } from '../../types/api/visit';
import type { Person } from '../../types/api/face';
import { PAYED_IMAGES_PAGE_SIZE } from '../../types/api/pay';
import { byTestId, makeGallery, makeRoot, renderWith } from './helpers';

jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openUrl: jest.fn() }));

const visit = (id: number, name = `G${id}`): VisitItem => ({ id, link_id: `gal${id}`.padEnd(6, '0'), name, desc: '', cover: null, parent_id: 0, visited_at: 1_700_000_000 + id });
const paid = (id: number) => ({ id, gallery_id: 7, hash: `h${id}`, width: 10, height: 10, order_id: 1, paid_at: 0 });
const person = (personid: number, name: string): Person => ({ id: personid, personid, galleryid: 7, name, faceurl: `/face/${personid}.jpg`, image: 'h', status: 'follow', total_image: 3 }) as unknown as Person;

function visitsApi(items: VisitItem[] = [visit(2, 'Spring Gala'), visit(1)]): VisitApi {
  return {
    add: jest.fn(),
    history: jest.fn(async () => ({ items, total: items.length, page: 1, page_size: 20 })),
    last: jest.fn(async () => items[0] ?? null),
    latest: jest.fn(),
    remove: jest.fn()
  } as unknown as VisitApi;
}

function findApi(over: Partial<FindApi> = {}): FindApi & Record<string, jest.Mock> {
  return {
    splices: jest.fn(async (page: number) => ({
      items: [
        { id: 6, gallery_id: 7, hash: 'f'.repeat(64), url: `/api/v2/usersplice/image/${'f'.repeat(64)}?u=1&e=2&s=x`, width: 1080, height: 2172, images: [{ id: 3, hash: 'c', width: 1, height: 1 }, { id: 4, hash: 'd', width: 1, height: 1 }], created_at: 1 },
        { id: 5, gallery_id: 7, hash: null, url: null, width: 0, height: 0, images: [{ id: 1, hash: 'a', width: 1, height: 1 }, { id: 2, hash: 'b', width: 1, height: 1 }], created_at: 0 }
      ],
      total: 2,
      page,
      page_size: 30
    })),
    loved: jest.fn(async (page: number) => ({ items: [{ id: 11, gallery_id: 7, hash: 'h11', width: 10, height: 10, loved_at: 1 }], total: 1, page, page_size: 30 })),
    // 31 purchased photos: 30 on the first page, one more behind 'Load more'.
    payed: jest.fn(async (page: number) => ({ items: page === 1 ? Array.from({ length: PAYED_IMAGES_PAGE_SIZE }, (_, i) => paid(100 + i)) : [paid(200)], total: PAYED_IMAGES_PAGE_SIZE + 1, page, page_size: PAYED_IMAGES_PAGE_SIZE })),
    gallery: jest.fn(async () => ({ gallery: makeGallery({ id: 7, config: { ...makeGallery().config, use_face: 1, active_on: 1 } }), children: [] })),
    following: jest.fn(async () => [person(1, 'Ann'), person(2, 'Bo')]),
    ...over
  } as FindApi & Record<string, jest.Mock>;
}

function signIn(root: RootStore, isMock: boolean) {
  runInAction(() => {
    root.session.status = 'ready';
    root.session.user = { openid: isMock ? 'g1' : 'o1', nickname: isMock ? '' : 'Mia', photo: '', is_mock: isMock } as never;
  });
}

async function show(api: FindApi, opts: { guest?: boolean; linkId?: string | null; visits?: VisitApi } = {}) {
  const root = makeRoot('en-US');
  root.visits = new VisitStore(opts.visits ?? visitsApi());
  signIn(root, !!opts.guest);
  const store = new FindStore(api);
  const r = renderWith(<FindPanel store={store} linkId={opts.linkId === undefined ? 'gal2000' : opts.linkId} />, root);
  await act(async () => undefined);
  const tabs = () => Array.from(r.container.querySelectorAll('.at-tabs__item')) as HTMLElement[];
  const choose = async (i: number) => act(async () => void fireEvent.click(tabs()[i]));
  return { ...r, root, store, tabs, choose };
}

beforeEach(() => (openUrl as jest.Mock).mockClear());

describe('Find page tabs', () => {
  it('shows four tabs; album history lists my visited albums and opens one', async () => {
    const f = await show(findApi());
    expect(f.tabs().map((t) => t.textContent)).toEqual(['Album history', 'Splice poster', 'Favourite photos', 'Purchased photos']);
    const rows = byTestId(f.container, 'find-history-item');
    expect(rows.map((r) => r.textContent)).toEqual(['Spring Gala', 'G1']);
    fireEvent.click(rows[0]);
    expect(openUrl).toHaveBeenCalledWith(`/g/${visit(2).link_id}`);
  });

  it('each tab opens its panel: splice posters, favourites, purchased photos 30 a page with load more', async () => {
    const api = findApi();
    const f = await show(api);
    await f.choose(1);
    expect(byTestId(f.container, 'find-splice-item')).toHaveLength(2);
    expect(f.container.textContent).toContain('2 photos');
    // A long picture shows itself (its maker's signed address); a splice without one shows its photos only.
    const pictures = byTestId(f.container, 'find-splice-picture');
    expect(pictures).toHaveLength(1);
    expect(pictures[0].getAttribute('src')).toContain(`/api/v2/usersplice/image/${'f'.repeat(64)}?u=1&e=2&s=x`);
    await f.choose(2);
    expect(byTestId(f.container, 'find-love-photo').map((p) => p.getAttribute('data-id'))).toEqual(['11']);
    await f.choose(3);
    expect(api.payed).toHaveBeenCalledWith(1);
    expect(byTestId(f.container, 'find-payed-photo')).toHaveLength(PAYED_IMAGES_PAGE_SIZE);
    await act(async () => void fireEvent.click(byTestId(f.container, 'find-payed-more')[0]));
    expect(api.payed).toHaveBeenLastCalledWith(2);
    expect(byTestId(f.container, 'find-payed-photo')).toHaveLength(PAYED_IMAGES_PAGE_SIZE + 1);
    expect(byTestId(f.container, 'find-payed-more')).toHaveLength(0);
  });

  it('empty lists show the empty state; a failed list offers a retry', async () => {
    const empty = async (page: number) => ({ items: [], total: 0, page, page_size: 30 });
    const loved = jest.fn().mockRejectedValueOnce(new Error('offline')).mockImplementation(empty);
    const f = await show(findApi({ splices: jest.fn(empty), loved }), { visits: visitsApi([]) });
    expect(byTestId(f.container, 'find-history-empty')).toHaveLength(1);
    await f.choose(1);
    expect(byTestId(f.container, 'find-splice-empty')[0].textContent).toContain('No splice poster yet');
    await f.choose(2);
    expect(byTestId(f.container, 'find-love-error')).toHaveLength(1);
    await act(async () => void fireEvent.click(byTestId(f.container, 'find-love-error')[0].querySelector('.empty-state__action')!));
    expect(byTestId(f.container, 'find-love-empty')).toHaveLength(1);
  });

  it('a guest is asked to log in for splice posters, favourites and purchases (not for album history), and sees them once logged in', async () => {
    const api = findApi();
    const f = await show(api, { guest: true });
    expect(byTestId(f.container, 'find-history-item')).toHaveLength(2);
    expect(f.root.loginPrompt.isOpen).toBe(false);
    await f.choose(2);
    expect(f.root.loginPrompt.isOpen).toBe(true);
    expect(f.root.loginPrompt.reason).toBe('tab_me');
    expect(byTestId(f.container, 'find-login')).toHaveLength(1);
    expect(api.loved).not.toHaveBeenCalled();
    act(() => f.root.loginPrompt.cancel());
    await f.choose(3);
    expect(f.root.loginPrompt.isOpen).toBe(true);
    expect(api.payed).not.toHaveBeenCalled();
    act(() => f.root.loginPrompt.cancel());
    // Logged in (the session now holds a real user): the open tab's list loads.
    await act(async () => signIn(f.root, false));
    expect(byTestId(f.container, 'find-login')).toHaveLength(0);
    expect(api.payed).toHaveBeenCalledWith(1);
    expect(byTestId(f.container, 'find-payed-photo')).toHaveLength(PAYED_IMAGES_PAGE_SIZE);
  });

  it('followed people: the face list when use_face and active_on are set, otherwise No friends', async () => {
    const on = await show(findApi());
    expect(byTestId(on.container, 'find-friend').map((p) => p.textContent)).toEqual(['Ann', 'Bo']);
    expect(byTestId(on.container, 'find-no-friends')).toHaveLength(0);
    on.unmount();

    const offApi = findApi({ gallery: jest.fn(async () => ({ gallery: makeGallery({ id: 7, config: { ...makeGallery().config, use_face: 1, active_on: 0 } }), children: [] })) });
    const off = await show(offApi);
    expect(byTestId(off.container, 'find-no-friends')[0].textContent).toBe('No friends');
    expect(offApi.following).not.toHaveBeenCalled();
    off.unmount();

    // No gallery given: the last visited album's; none visited: No friends.
    const lastApi = findApi();
    const last = await show(lastApi, { linkId: null });
    expect(lastApi.gallery).toHaveBeenCalledWith(visit(2).link_id);
    last.unmount();
    const noneApi = findApi();
    const none = await show(noneApi, { linkId: null, visits: visitsApi([]) });
    expect(noneApi.gallery).not.toHaveBeenCalled();
    expect(byTestId(none.container, 'find-no-friends')).toHaveLength(1);
  });
});

describe('Me page footer', () => {
  it('shows the promotional line and a Click to order link to the order page of the last album, or the demo', () => {
    makeRoot('en-US');
    const r = renderWith(<MeFooter orderUrl={orderUrl('gal2000')} />);
    expect(byTestId(r.container, 'me-footer')[0].textContent).toBe('Live photo albums for your eventsClick to order');
    fireEvent.click(byTestId(r.container, 'me-order')[0]);
    expect(openUrl).toHaveBeenCalledWith('/page/order/gal2000');
    expect(orderUrl(null)).toBe('/demo');
  });

  it('the Me page: footer in Chinese, a Find photos row, and no My prize row', async () => {
    const root = makeRoot('zh-CN');
    root.visits = new VisitStore(visitsApi());
    signIn(root, false);
    const { container } = renderWith(<MePage />, root);
    await act(async () => undefined);
    expect(byTestId(container, 'me-order')[0].textContent).toBe('点击预约');
    expect(byTestId(container, 'me-order')[0].getAttribute('data-url')).toBe(`/page/order/${visit(2).link_id}`);
    expect(container.textContent).not.toMatch(/My prize|我的奖品/);
    fireEvent.click(byTestId(container, 'me-find')[0]);
    expect(openUrl).toHaveBeenCalledWith(`/page/find?link_id=${visit(2).link_id}`);
  });
});
