// A language switch with everything mounted: the gallery header (status tag,
// counts), the bottom navigation, a sheet (the gallery switch panel) and the open
// viewer all re-render in the new language, in both directions, without a reload.
// Runs in H5 and (TARO_ENV_JEST=weapp) the mini-program branch.
import { act } from '@testing-library/react';
import Viewer from '../../src/components/viewer';
import { GalleryHeader } from '../../src/components/gallery-header';
import { BottomNav } from '../../src/components/bottom-nav';
import { GallerySwitchPanel } from '../../src/components/gallery-switch';
import { visibleTabs } from '../../src/stores/gallery/navTabs';
import type { RootStore } from '../../src/stores/RootStore';
import { DEFAULT_CONFIG } from '../../types/api/gallery';
import { byTestId, isWeapp, makeGallery, makeRoot, renderWith } from './helpers';
import { listOf, viewerMocks } from './viewer-helpers';

jest.mock('../../src/api/viewer');
jest.mock('../../src/platform/preload');
viewerMocks();

const CJK = /[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]/;
const LATIN_WORD = /[A-Za-z]{2,}/;

const gallery = makeGallery({ name: 'Spring Gala', status: 'start', view_detail: { gallery_id: 1_000_001, uv: 9, view: 9 } });
const sibling = makeGallery({ id: 1_000_002, link_id: 'kid001', name: 'Day One', image_total: 1 });
const tabs = visibleTabs({ config: { ...DEFAULT_CONFIG, active_on: 0, use_face: 0 }, navigator: { show_my: true } as never, orderContext: false, hasParent: false });

async function mountAll(root: RootStore) {
  const { list } = await listOf(3);
  const r = renderWith(
    <>
      <GalleryHeader gallery={gallery} status="start" photoCount={240} onSwitch={() => undefined} />
      <GallerySwitchPanel open galleries={[gallery, sibling]} currentId={gallery.id} main="#00aa88" onClose={() => undefined} onSwitch={() => undefined} />
      <BottomNav tabs={tabs} active={0} color="#00aa88" onTap={() => undefined} />
      <Viewer />
    </>,
    root
  );
  act(() => r.page.viewer.open(list, 0));
  const text = (id: string) => byTestId(r.container, id).map((e) => e.textContent ?? '');
  return { ...r, text };
}

/** Everything on screen but the user content (gallery names) and the numbers. */
function dictionaryText(container: HTMLElement): string {
  return (container.textContent ?? '').replace(/Spring Gala|Day One/g, '').replace(/[\d/.,%()]+/g, ' ');
}

describe('switching the language with the header, navigation, a sheet and the viewer mounted', () => {
  it('zh-CN → en-US → zh-CN re-renders every component in place', async () => {
    const root = makeRoot('zh-CN');
    const { container, text, page } = await mountAll(root);
    expect(page.viewer.isOpen).toBe(true);

    expect(text('status-tag')).toEqual(['直播中']);
    expect(text('stat-photos')).toEqual(['240照片']);
    expect(text('stat-views')).toEqual(['9浏览']);
    expect(text('nav-tab-5')).toEqual(['我的']);
    expect(text('gallery-switch-go')).toEqual(['切换相册']);
    expect(text('viewer-thumbs-toggle')[0]).toMatch(CJK);
    expect(dictionaryText(container)).not.toMatch(LATIN_WORD);

    act(() => root.settings.set('language', 'en-US'));
    expect(page.viewer.isOpen).toBe(true);
    expect(text('status-tag')).toEqual(['Live']);
    expect(text('stat-photos')).toEqual(['240photos']);
    expect(text('stat-views')).toEqual(['9views']);
    expect(text('nav-tab-0')).toEqual(['Home']);
    expect(text('nav-tab-5')).toEqual(['Me']);
    expect(text('gallery-switch-go')).toEqual(['Switch gallery']);
    expect(text('gallery-switch-tab-photo')).toEqual(['Live photos']);
    expect(container.textContent).toContain('1 photo');
    expect(text('viewer-thumbs-toggle')[0]).toMatch(/thumbnails/);
    expect(container.textContent).not.toMatch(CJK);

    act(() => root.settings.set('language', 'zh-CN'));
    expect(text('status-tag')).toEqual(['直播中']);
    expect(text('nav-tab-5')).toEqual(['我的']);
    expect(text('gallery-switch-go')).toEqual(['切换相册']);
    expect(dictionaryText(container)).not.toMatch(LATIN_WORD);
  });

  it('a single photo and a single view are singular in English', async () => {
    const root = makeRoot('en-US');
    const one = makeGallery({ view_detail: { gallery_id: 1_000_001, uv: 1, view: 1 } });
    const r = renderWith(<GalleryHeader gallery={one} status="end" photoCount={1} />, root);
    expect(byTestId(r.container, 'stat-photos')[0].textContent).toBe('1photo');
    expect(byTestId(r.container, 'stat-views')[0].textContent).toBe('1view');
    expect(byTestId(r.container, 'status-tag')[0].textContent).toBe('Ended');
  });
});

describe("the document's language", () => {
  it('follows the language in H5; the mini-program has no document to change', () => {
    document.documentElement.lang = '';
    const root = makeRoot('en-US');
    expect(document.documentElement.lang).toBe(isWeapp ? '' : 'en-US');
    act(() => root.settings.set('language', 'zh-CN'));
    expect(document.documentElement.lang).toBe(isWeapp ? '' : 'zh-CN');
  });
});
