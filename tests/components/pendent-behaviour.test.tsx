// The pendant bar's behaviour (issue 14 part 3; spec part 1 §2, part 3 §9): the badge
// capped at 99, the fold-out more-menu, the bottom offsets 22 / 49 / 66 and z-index 3,
// the praise count kept per gallery on the device, share through the platform adapter,
// the desktop's PC set, and buttons hidden until their feature offers them.
// Runs in H5 and in the mini-program branch (TARO_ENV_JEST=weapp).
import { act, fireEvent } from '@testing-library/react';
import Taro from '@tarojs/taro';
import Pendent from '../../src/page-components/pendent';
import type { PendentButton } from '../../types/page/pendent';
import { DEFAULT_CONFIG, DEFAULT_THEME } from '../../types/api/gallery';
import { createPageStores } from '../../src/stores/RootStore';
import { PraiseStore, praiseKey } from '../../src/stores/pendant/PraiseStore';
import { galleryShareContent, openGalleryShare } from '../../src/stores/pendant/GalleryShareStore';
import { ShareSheetStore } from '../../src/stores/share/ShareSheetStore';
import {
  badgeText,
  downloadPendantAllowed,
  pendantOffsets,
  PENDANT_OFFSET_COMMENT_BAR,
  PENDANT_OFFSET_NAVIGATOR,
  PENDANT_OFFSET_NOTCH,
  PENDANT_Z_INDEX
} from '../../src/stores/pendant/pendantRules';
import { copyShareLink } from '../../src/platform/share';
import { byTestId, isWeapp, makeGallery, makeRoot, renderWith, setWindowWidth } from './helpers';

jest.mock('../../src/platform/scroll', () => ({ ...jest.requireActual('../../src/platform/scroll'), scrollToTop: jest.fn(), scrollToElement: jest.fn() }));
jest.mock('../../src/platform/share', () => ({ ...jest.requireActual('../../src/platform/share'), copyShareLink: jest.fn(async () => true) }));

const gallery = makeGallery();
const ctx = { gallery, children: [], theme: DEFAULT_THEME };
const docked = (el: HTMLElement) => Array.from(el.querySelectorAll('.pendent__slot')).map((b) => b.getAttribute('data-testid')!.slice('pendent-'.length));
const menuItems = (el: HTMLElement) => Array.from(byTestId(el, 'pendent-menu')[0].querySelectorAll('[data-testid^="pendent-"]')).map((b) => b.getAttribute('data-testid'));

beforeEach(() => {
  jest.mocked(copyShareLink).mockClear();
  setWindowWidth(390);
});

describe('the badge', () => {
  it('shows the count, nothing for none, and 99+ past 99 (spec part 3 §9)', () => {
    expect([0, -3, 1, 42, 99, 100, 12345].map(badgeText)).toEqual(['', '', '1', '42', '99', '99+', '99+']);
  });

  it("over the good button: the device's praise of this gallery, capped at 99+", () => {
    const root = makeRoot();
    Taro.setStorageSync(praiseKey(gallery.id), 99);
    const { container } = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'good' }] }} ctx={ctx} />, root);
    const badge = () => byTestId(container, 'pendent-badge-good')[0]?.textContent;
    expect(badge()).toBe('99');
    fireEvent.click(byTestId(container, 'pendent-good')[0]);
    expect(badge()).toBe('99+');
    expect(byTestId(container, 'pendent-good')[0].getAttribute('aria-label')).toBe('Like this album · Liked 100 times');
  });
});

describe('praise (good) is kept per gallery on the device', () => {
  it('each tap adds one to this gallery only, written to device storage and read back by a new page', () => {
    makeRoot();
    const other = makeGallery({ id: 1_000_002, link_id: 'other2' });
    const a = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'good' }] }} ctx={ctx} />);
    expect(byTestId(a.container, 'pendent-badge-good')).toHaveLength(0);
    fireEvent.click(byTestId(a.container, 'pendent-good')[0]);
    fireEvent.click(byTestId(a.container, 'pendent-good')[0]);
    expect(Taro.getStorageSync(praiseKey(gallery.id))).toBe(2);
    a.unmount();
    // Another gallery has its own count; this one's is read back from the device.
    const b = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'good' }] }} ctx={{ ...ctx, gallery: other }} />, a.root);
    expect(byTestId(b.container, 'pendent-badge-good')).toHaveLength(0);
    fireEvent.click(byTestId(b.container, 'pendent-good')[0]);
    expect(Taro.getStorageSync(praiseKey(other.id))).toBe(1);
    const again = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'good' }] }} ctx={ctx} />, a.root);
    expect(byTestId(again.container, 'pendent-badge-good')[0].textContent).toBe('2');
  });

  it('the store ignores what is not a count in storage', () => {
    const stored: Record<string, unknown> = { [praiseKey(7)]: 'junk', [praiseKey(8)]: 3.7 };
    const writes: Array<[string, number]> = [];
    const s = new PraiseStore({ read: (k) => stored[k] as number, write: (k, v) => void writes.push([k, v]) });
    expect(s.count(7)).toBe(0);
    expect(s.count(8)).toBe(3);
    expect(s.praise(8)).toBe(4);
    expect(writes).toEqual([[praiseKey(8), 4]]);
  });
});

describe('the more-menu', () => {
  it('hidden buttons fold into it; it opens above the bar, acts and folds again', () => {
    const buttons: PendentButton[] = [{ type: 'top' }, { type: 'setting', hidden: true }, { type: 'refresh', hidden: true }, { type: 'good', hidden: true }];
    const { container, page } = renderWith(<Pendent id="p" props={{ buttons }} ctx={ctx} />);
    expect(docked(container)).toEqual(['top', 'more']);
    expect(byTestId(container, 'pendent-menu')).toHaveLength(0);
    const more = byTestId(container, 'pendent-more')[0];
    expect(more.getAttribute('aria-label')).toBe('More');
    fireEvent.click(more);
    expect(menuItems(container)).toEqual(['pendent-setting', 'pendent-refresh', 'pendent-good']);
    expect(byTestId(container, 'pendent-menu')[0].textContent).toContain('Settings');
    expect(byTestId(container, 'pendent-more')[0].querySelector('.at-icon-close')).not.toBeNull();
    fireEvent.click(byTestId(container, 'pendent-menu')[0].querySelector('[data-testid="pendent-refresh"]')!);
    expect(page.events.refreshToken).toBe(1);
    expect(byTestId(container, 'pendent-menu')).toHaveLength(0);
    // The good button's badge shows in the menu too.
    fireEvent.click(byTestId(container, 'pendent-more')[0]);
    fireEvent.click(byTestId(container, 'pendent-menu')[0].querySelector('[data-testid="pendent-good"]')!);
    fireEvent.click(byTestId(container, 'pendent-more')[0]);
    expect(byTestId(byTestId(container, 'pendent-menu')[0], 'pendent-badge-good')[0].textContent).toBe('1');
  });

  it("a custom button without a link folds out its `child` list on a tap, which acts and folds again; unusable children are left out", () => {
    const buttons: PendentButton[] = [{ type: 'custom', child: [{ type: 'refresh' }, { type: 'setting' }, { type: 'people' }] }];
    const { container, page } = renderWith(<Pendent id="p" props={{ buttons }} ctx={ctx} />);
    expect(byTestId(container, 'pendent-menu')).toHaveLength(0);
    fireEvent.click(byTestId(container, 'pendent-custom')[0]);
    // 'people' needs the gallery's face search, which this gallery does not have.
    expect(menuItems(container)).toEqual(['pendent-refresh', 'pendent-setting']);
    fireEvent.click(byTestId(container, 'pendent-menu')[0].querySelector('[data-testid="pendent-refresh"]')!);
    expect(page.events.refreshToken).toBe(1);
    expect(byTestId(container, 'pendent-menu')).toHaveLength(0);
    fireEvent.click(byTestId(container, 'pendent-custom')[0]);
    fireEvent.click(byTestId(container, 'pendent-custom')[0]);
    expect(byTestId(container, 'pendent-menu')).toHaveLength(0);
  });

  it('beside many tabs, what does not fit folds into it', () => {
    const buttons: PendentButton[] = [{ type: 'top' }, { type: 'refresh' }, { type: 'lang' }, { type: 'setting' }];
    const two = renderWith(<Pendent id="p" props={{ buttons }} ctx={{ ...ctx, navShown: true, navTabs: 2 }} />);
    expect(docked(two.container)).toEqual(['top', 'refresh', 'lang', 'setting']);
    const five = renderWith(<Pendent id="p" props={{ buttons }} ctx={{ ...ctx, navShown: true, navTabs: 5 }} />);
    expect(docked(five.container)).toEqual(['more']);
    fireEvent.click(byTestId(five.container, 'pendent-more')[0]);
    expect(menuItems(five.container)).toEqual(['pendent-top', 'pendent-refresh', 'pendent-lang', 'pendent-setting']);
  });
});

describe('offsets and layer (spec part 3 §9: z-index 3; bottom 22 notch, 49 navigator, 66 comment bar)', () => {
  it('the rule', () => {
    expect([PENDANT_Z_INDEX, PENDANT_OFFSET_NOTCH, PENDANT_OFFSET_NAVIGATOR, PENDANT_OFFSET_COMMENT_BAR]).toEqual([3, 22, 49, 66]);
    // Over the tab bar: the row shares it, the list opens 49 px up.
    expect(pendantOffsets({ navigator: true, commentBar: false, notch: false })).toEqual({ bar: 0, list: 49, inset: 0 });
    expect(pendantOffsets({ navigator: true, commentBar: false, notch: true })).toEqual({ bar: 0, list: 49, inset: 0 });
    // Its own bar: on a notched screen 22 px kept under the buttons.
    expect(pendantOffsets({ navigator: false, commentBar: false, notch: false })).toEqual({ bar: 0, list: 49, inset: 0 });
    expect(pendantOffsets({ navigator: false, commentBar: false, notch: true })).toEqual({ bar: 0, list: 71, inset: 22 });
    // On the comment bar: 66 px up, whatever else is there.
    expect(pendantOffsets({ navigator: true, commentBar: true, notch: true })).toEqual({ bar: 66, list: 115, inset: 0 });
  });

  it('the row and its list take them from what is under them', () => {
    const buttons: PendentButton[] = [{ type: 'top' }, { type: 'refresh', hidden: true }];
    const r = renderWith(<Pendent id="p" props={{ buttons }} ctx={{ ...ctx, navShown: true, navTabs: 2 }} />);
    const row = () => byTestId(r.container, 'pendent')[0];
    expect(row().className).toContain('pendent--docked');
    expect(row().getAttribute('data-bottom')).toBe('0');
    expect(row().getAttribute('data-list-bottom')).toBe('49');
    fireEvent.click(byTestId(r.container, 'pendent-more')[0]);
    expect(byTestId(r.container, 'pendent-menu')).toHaveLength(1);
    // A comment bar arrives: the row stands on it, 66 px up (over the bar's safe area), still in the
    // tab bar, which stands on the comment bar too (pages/gallery/index.scss).
    act(() => r.page.events.setCommentBar(true));
    expect(row().className).toContain('pendent--docked');
    expect(row().getAttribute('data-bottom')).toBe('66');
    expect(row().getAttribute('data-list-bottom')).toBe('115');
    // No tab bar: a bar of its own at the bottom edge, on the spec's layer.
    const alone = renderWith(<Pendent id="p" props={{ buttons }} ctx={ctx} />);
    expect(byTestId(alone.container, 'pendent')[0].className).toContain('pendent--own');
    expect(byTestId(alone.container, 'pendent')[0].style.bottom).toBe('0px');
  });
});

describe('share goes through the platform adapter', () => {
  it('the gallery share content: page texts, else config texts, else its name, and its address', () => {
    expect(galleryShareContent(gallery)).toEqual({ title: 'Spring Gala', desc: 'Tap to see the photos of this event', imageUrl: '', url: '/g/abc123' });
    const set = makeGallery({ h5_share_title: 'T', cover: 'a'.repeat(64), config: { ...DEFAULT_CONFIG, h5_share_text: 'D' } });
    expect(galleryShareContent(set)).toEqual(expect.objectContaining({ title: 'T', desc: 'D', imageUrl: expect.stringContaining(`${'a'.repeat(64)}!wx_375_240`) }));
  });

  it('the pendant opens the share modal with the gallery; sharing off (the gallery or the global flag) → nothing', () => {
    const s = new ShareSheetStore({ inWechat: () => false, systemShareAvailable: () => false });
    expect(openGalleryShare(s, gallery)).toBe(true);
    expect(s.content).toEqual(galleryShareContent(gallery));
    expect(s.posterRequest).toEqual({ galleryId: gallery.id, imageId: null, content: galleryShareContent(gallery) });
    s.close();
    expect(openGalleryShare(s, makeGallery({ config: { ...DEFAULT_CONFIG, share_off: 1 } }))).toBe(false);
    expect(openGalleryShare(s, gallery, true)).toBe(false);
    expect(s.isOpen).toBe(false);
  });

  it('sharing off for the gallery hides the share button', () => {
    const off = { ...ctx, gallery: makeGallery({ config: { ...DEFAULT_CONFIG, share_off: 1 } }) };
    const { container } = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'share' }, { type: 'top' }] }} ctx={off} />);
    expect(docked(container)).toEqual(['top']);
  });

  if (isWeapp) {
    it('mini-program: the button is the native share button (it sends the page share: tests/components/page-share.test.tsx)', () => {
      const { container } = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'share' }] }} ctx={ctx} />);
      const el = byTestId(container, 'pendent-share')[0];
      expect(el.getAttribute('open-type') ?? el.getAttribute('opentype') ?? (el as unknown as { openType?: string }).openType).toBe('share');
      expect(byTestId(container, 'share-sheet')).toHaveLength(0);
    });
  } else {
    it('browser: a tap opens the share modal; Copy link copies the gallery and says so for 1 s', async () => {
      const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never);
      const { container } = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'share' }] }} ctx={ctx} />);
      await act(async () => void fireEvent.click(byTestId(container, 'pendent-share')[0]));
      expect(byTestId(container, 'share-sheet')).toHaveLength(1);
      await act(async () => void fireEvent.click(byTestId(container, 'share-opt-copy')[0]));
      expect(copyShareLink).toHaveBeenCalledWith(galleryShareContent(gallery));
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Link copied', duration: 1000 }));
    });
  }
});

describe('hidden until available: buttons that act on a feature of the page', () => {
  it('red packet and collage show only while a feature offers them, and run what it offers', () => {
    const root = makeRoot();
    const page = createPageStores(root);
    const buttons: PendentButton[] = [{ type: 'redpackage' }, { type: 'jigsaw' }, { type: 'top' }];
    const r = renderWith(<Pendent id="p" props={{ buttons }} ctx={ctx} />, root, page);
    // No red packet feature on the page (none exists yet) and no photo list: never a dead button.
    expect(docked(r.container)).toEqual(['top']);
    const open = jest.fn();
    let withdraw = () => undefined as void;
    act(() => void (withdraw = page.events.offerPendant('redpackage', open)));
    expect(docked(r.container)).toEqual(['redpackage', 'top']);
    fireEvent.click(byTestId(r.container, 'pendent-redpackage')[0]);
    expect(open).toHaveBeenCalledTimes(1);
    act(() => withdraw());
    expect(docked(r.container)).toEqual(['top']);
  });

  it('download shows only in the chat app or on a desktop (spec part 2 §5), and with a photo list to act on', () => {
    expect(['weapp', 'wechat', 'wxwork', 'dingtalk', 'mobile', 'pc'].map((env) => downloadPendantAllowed(env as never, false))).toEqual([true, true, false, false, false, false]);
    expect(downloadPendantAllowed('mobile', true)).toBe(true);
    const root = makeRoot();
    const page = createPageStores(root);
    page.events.offerPendant('download', jest.fn());
    const r = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'download' }, { type: 'top' }] }} ctx={ctx} />, root, page);
    // jsdom's own browser is neither the chat app nor WeChat's browser; the mini-program is the chat app.
    expect(docked(r.container)).toEqual(isWeapp ? ['download', 'top'] : ['top']);
  });

  it('event shows on a sub-page of an event (or with its own link); order needs the page', () => {
    const top = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'event' }, { type: 'order' }] }} ctx={ctx} />);
    expect(docked(top.container)).toEqual(['order']);
    const linked = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'event', link: { type: 'home' } }] }} ctx={ctx} />);
    expect(docked(linked.container)).toEqual(['event']);
  });

  it("Find ('people') shows only with the gallery's face search on", () => {
    const off = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'people' }, { type: 'top' }] }} ctx={ctx} />);
    expect(docked(off.container)).toEqual(['top']);
  });
});

describe('PC (wider than 800 px): the lucky draw, good and language buttons', () => {
  it('shows the PC set in the spec order, none folded; the lucky draw only once its feature offers it', () => {
    setWindowWidth(1280);
    const root = makeRoot();
    const page = createPageStores(root);
    const buttons: PendentButton[] = [{ type: 'top' }, { type: 'lang', hidden: true }, { type: 'refresh' }, { type: 'good' }];
    const r = renderWith(<Pendent id="p" props={{ buttons }} ctx={{ ...ctx, navShown: true, navTabs: 2 }} />, root, page);
    const row = byTestId(r.container, 'pendent')[0];
    expect(row.className).toContain('pendent--pc');
    expect(docked(r.container)).toEqual(['good', 'lang']);
    expect(byTestId(r.container, 'pendent-more')).toHaveLength(0);
    expect(r.page.events.dockSlots).toBe(2);
    expect(r.page.events.topPendant).toBe(false);
    const draw = jest.fn();
    act(() => void page.events.offerPendant('lucky', draw));
    expect(docked(r.container)).toEqual(['lucky', 'good', 'lang']);
    expect(byTestId(r.container, 'pendent-lucky')[0].getAttribute('aria-label')).toBe('Lucky draw');
    fireEvent.click(byTestId(r.container, 'pendent-lucky')[0]);
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when none of the PC set is there', () => {
    setWindowWidth(1280);
    const { container } = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'top' }, { type: 'refresh' }] }} ctx={ctx} />);
    expect(byTestId(container, 'pendent')).toHaveLength(0);
  });
});
