import { act, fireEvent, render } from '@testing-library/react';
import GalleryList from '../../src/page-components/gallery';
import { GALLERY_LIST_DEFAULTS } from '../../types/page/gallery';
import { DEFAULT_THEME } from '../../types/api/gallery';
import { VisitStore, type VisitApi } from '../../src/stores/visits/VisitStore';
import { GalleryDirectoryStore } from '../../src/stores/gallery/GalleryDirectoryStore';
import { RecentVisitCard } from '../../src/components/recent-visit';
import VisitHistoryPanel from '../../src/components/visit-history';
import VisitorStrip from '../../src/components/gallery-header/VisitorStrip';
import { openUrl } from '../../src/platform/navigate';
import type { VisitItem } from '../../types/api/visit';
import { byTestId, makeGallery, makeRoot, renderWith, setWindowWidth } from './helpers';

jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openUrl: jest.fn() }));

const item = (id: number, name = `G${id}`): VisitItem => ({ id, link_id: `gal${id}`.padEnd(6, '0'), name, desc: '', cover: null, parent_id: 0, visited_at: 1_700_000_000 + id });

function api(over: Partial<VisitApi> = {}): VisitApi {
  return {
    add: jest.fn(async (link: string) => ({ ...item(9), link_id: link })),
    history: jest.fn(async (page = 1) => ({ items: page === 1 ? Array.from({ length: 20 }, (_, i) => item(30 - i)) : [item(5), item(4)], total: 22, page, page_size: 20 })),
    last: jest.fn(async () => item(30, 'Spring Gala')),
    latest: jest.fn(async () => ({ items: [{ photo: '', nickname: 'Ann' }], total: 1 })),
    remove: jest.fn(async (id: number) => ({ id, removed: true })),
    ...over
  };
}

describe('VisitStore', () => {
  it('records a visit (with its parent) and makes it the last one', async () => {
    const a = api();
    const v = new VisitStore(a);
    await v.record('carpet26', '1000001');
    expect(a.add).toHaveBeenCalledWith('carpet26', '1000001');
    expect(v.last?.link_id).toBe('carpet26');
  });

  it('a failed record is only logged', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const v = new VisitStore(api({ add: jest.fn(async () => Promise.reject(new Error('offline'))) }));
    await expect(v.record('carpet26')).resolves.toBeUndefined();
    expect(v.last).toBeUndefined();
    info.mockRestore();
  });

  it('pages history by 20 until the total, and removes', async () => {
    const a = api();
    const v = new VisitStore(a);
    await v.loadHistory(true);
    expect(v.history).toHaveLength(20);
    expect(v.historyState).toBe('more');
    await v.loadHistory();
    expect(v.history).toHaveLength(22);
    expect(v.historyState).toBe('noMore');
    await v.loadHistory();
    expect(a.history).toHaveBeenCalledTimes(2);
    await v.loadLast();
    await v.remove(30);
    expect(a.remove).toHaveBeenCalledWith(30);
    expect(v.history.map((h) => h.id)).not.toContain(30);
    expect(v.total).toBe(21);
    expect(v.last?.id).toBe(29);
  });
});

describe('recent visit card (Me page)', () => {
  it('shows the title and goes there', () => {
    makeRoot('en-US');
    const onGo = jest.fn();
    const { container } = render(<RecentVisitCard visit={item(30, 'Spring Gala')} color="#50d3cd" onGo={onGo} />);
    expect(byTestId(container, 'recent-visit-title')[0].textContent).toBe('Spring Gala');
    expect(container.textContent).toContain('Recently visited');
    const go = byTestId(container, 'recent-visit-go')[0];
    expect(go.textContent).toBe('Go');
    fireEvent.click(go);
    expect(onGo).toHaveBeenCalled();
  });
});

describe('album history panel (Me page)', () => {
  it('lists my galleries newest first, opens one, removes one, and pages on', async () => {
    const root = makeRoot('en-US');
    const a = api();
    root.visits = new VisitStore(a);
    const { container } = renderWith(<VisitHistoryPanel open color="#50d3cd" onClose={() => undefined} />, root);
    await act(async () => undefined);
    const rows = () => byTestId(container, 'visit-history-item');
    expect(rows()).toHaveLength(20);
    expect(rows()[0].textContent).toContain('G30');
    fireEvent.click(rows()[1]);
    expect(openUrl).toHaveBeenCalledWith(`/g/${item(29).link_id}`);
    await act(async () => void fireEvent.click(byTestId(rows()[0], 'visit-history-remove')[0]));
    expect(a.remove).toHaveBeenCalledWith(30);
    expect(openUrl).toHaveBeenCalledTimes(1);
    expect(rows()).toHaveLength(19);
    await act(async () => void (await root.visits.loadHistory()));
    expect(rows()).toHaveLength(21);
  });

  it('says so when nothing was visited', async () => {
    const root = makeRoot('en-US');
    root.visits = new VisitStore(api({ history: jest.fn(async () => ({ items: [], total: 0, page: 1, page_size: 20 })) }));
    const { container } = renderWith(<VisitHistoryPanel open color="#50d3cd" onClose={() => undefined} />, root);
    await act(async () => undefined);
    expect(byTestId(container, 'visit-history-empty')).toHaveLength(1);
  });
});

describe('latest visitors strip (gallery header)', () => {
  it('shows at most 10 faces and the visitor total', async () => {
    const root = makeRoot('en-US');
    const faces = Array.from({ length: 12 }, (_, i) => ({ photo: i % 2 ? `https://x/${i}.png` : '', nickname: `V${i}` }));
    root.visits = new VisitStore(api({ latest: jest.fn(async () => ({ items: faces, total: 1234 })) }));
    const { container } = renderWith(<VisitorStrip linkId="carpet26" />, root);
    expect(byTestId(container, 'visitor-strip')).toHaveLength(0);
    // Its place is kept while the answer is on its way, so nothing below moves when it comes.
    expect(byTestId(container, 'visitor-strip-pending')).toHaveLength(1);
    await act(async () => void (await root.visits.loadLatest('carpet26')));
    expect(byTestId(container, 'visitor-strip-pending')).toHaveLength(0);
    expect(byTestId(container, 'visitor-face')).toHaveLength(10);
    expect(byTestId(container, 'visitor-total')[0].textContent).toBe('1.2k visitors');
  });

  it('gives its kept place back when the latest visitors cannot be loaded', async () => {
    const root = makeRoot('en-US');
    root.visits = new VisitStore(api({ latest: jest.fn(async () => Promise.reject(new Error('offline'))) }));
    const { container } = renderWith(<VisitorStrip linkId="carpet26" />, root);
    expect(byTestId(container, 'visitor-strip-pending')).toHaveLength(1);
    await act(async () => void (await root.visits.loadLatest('carpet26')));
    expect(byTestId(container, 'visitor-strip-pending')).toHaveLength(0);
    expect(byTestId(container, 'visitor-strip')).toHaveLength(0);
  });
});

describe('gallery list by ids beyond the page', () => {
  it('loads configured ids that are not sub-galleries and lists them in order', async () => {
    setWindowWidth(375);
    const root = makeRoot('en-US');
    const far = makeGallery({ id: 1_000_050, link_id: 'far0050', name: 'Elsewhere' });
    const loadByIds = jest.fn(async () => [far]);
    root.directory = new GalleryDirectoryStore(loadByIds, jest.fn());
    const kid = makeGallery({ id: 1_000_002, link_id: 'kid002', name: 'Kid' });
    const ctx = { gallery: makeGallery(), children: [kid], theme: DEFAULT_THEME };
    const { container } = renderWith(<GalleryList id="g" props={{ ...GALLERY_LIST_DEFAULTS, ids: [1_000_050, 1_000_002] }} ctx={ctx} />, root);
    expect(byTestId(container, 'gallery-card').map((c) => c.getAttribute('data-link-id'))).toEqual(['kid002']);
    await act(async () => undefined);
    expect(loadByIds).toHaveBeenCalledWith([1_000_050]);
    expect(byTestId(container, 'gallery-card').map((c) => c.getAttribute('data-link-id'))).toEqual(['far0050', 'kid002']);
  });
});

describe('GalleryStore.refresh (counts when the page shows again)', () => {
  it('reloads the open gallery in place, without the loading state', async () => {
    const { GalleryStore } = await import('../../src/stores/gallery/GalleryStore');
    const { ClockStore } = await import('../../src/stores/session/ClockStore');
    let views = 3;
    const load = jest.fn(async () => ({ gallery: makeGallery({ view_detail: { gallery_id: 1_000_001, uv: 1, view: views } }), children: [] }));
    const store = new GalleryStore(new ClockStore(), load);
    await store.refresh();
    expect(load).not.toHaveBeenCalled();
    await store.open({ link_id: 'abc123' });
    expect(store.gallery?.view_detail.view).toBe(3);
    views = 4;
    const states: string[] = [];
    const p = store.refresh();
    states.push(store.state);
    await p;
    expect(states).toEqual(['ready']);
    expect(load).toHaveBeenLastCalledWith({ link_id: 'abc123' });
    expect(store.gallery?.view_detail.view).toBe(4);
  });
});
