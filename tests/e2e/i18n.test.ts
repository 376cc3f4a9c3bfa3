// Both languages whole, in a real browser on a phone (WeChat user agent) and a
// desktop: the demo
// gallery with the viewer and a sheet (the login prompt a guest's heart opens)
// open, the language switched, and no string of the other language left on
// screen, in both directions. The demo's own content (names, tips) is English, so
// after switching to English no Chinese character may show but the language
// button's own name; after switching to Chinese no visible text may read as an
// English dictionary message.
import type { Page } from 'playwright-core';
import { BASE_URL, DEMO_LINK, WECHAT_UA, revealPhotos, openPage, screenshotPath, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';
import enUS from '../../src/i18n/en-US';
import zhCN from '../../src/i18n/zh-CN';

const PHONE = { viewport: { width: 390, height: 844 }, userAgent: WECHAT_UA, hasTouch: true, isMobile: true, deviceScaleFactor: 2, locale: 'zh-CN' };
const CJK = /[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]/;
/** Keys that name a language in its own language (the switch shows the other one by design). */
const LANGUAGE_NAMES = new Set(['pendent.lang', 'pendent.langShort', 'login.langCn', 'login.langEn', 'opt.zh-CN', 'opt.en-US']);

type Dict = Record<string, string | Record<string, string>>;
const forms = (m: string | Record<string, string>) => (typeof m === 'string' ? [m] : Object.values(m));

/** Whole-text patterns of a dictionary's messages that only that language shows. */
function messagePatterns(dict: Dict, other: Dict): RegExp[] {
  const out: RegExp[] = [];
  for (const [key, message] of Object.entries(dict)) {
    if (LANGUAGE_NAMES.has(key)) continue;
    const otherForms = new Set(forms(other[key]));
    for (const form of forms(message)) {
      // Language-neutral ("{current}/{total}", "¥{price}") or the same in both: not a tell.
      if (!/[A-Za-z\u3400-\u9fff]/.test(form.replace(/\{\w+\}/g, '')) || otherForms.has(form)) continue;
      const body = form
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+?');
      out.push(new RegExp(`^${body}$`));
    }
  }
  return out;
}

/** The own text of every visible element (its direct text nodes), e.g. a label, a tag, a button. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const own = Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!own) continue;
      // A visitor's avatar initial is the first character of their nickname: their words, not the app's.
      if (el.closest('[data-avatar]')) continue;
      // The organiser's photo tags and fold titles are their words too (the demo's are English).
      if (el.closest('[data-testid="tag-tab"][data-key^="tag:"], [data-testid="collapse-head"]')) continue;
      const visible = (el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) ?? true;
      const r = el.getBoundingClientRect();
      const onScreen = r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;
      if (visible && onScreen) out.push(own);
    }
    return out;
  });
}

const { newContext } = useBrowser();
let t: TrackedPage;

const lang = () => t.page.evaluate(() => document.documentElement.lang);

/** Switch with the viewer and the login prompt open: the floating button sits under them, so the click is dispatched. */
async function switchLanguage(): Promise<void> {
  await t.page.getByTestId('pendent-lang').first().dispatchEvent('click');
}

async function openViewerAndPrompt(): Promise<void> {
  await revealPhotos(t);
  await waitUntil(t, 'a visible photo-item', () => t.page.getByTestId('photo-item').filter({ visible: true }).first().isVisible());
  await t.page.getByTestId('photo-item').filter({ visible: true }).first().click();
  await visibleTestId(t, 'viewer');
  await t.page.getByTestId('viewer-like').filter({ visible: true }).first().click();
  await visibleTestId(t, 'login-prompt');
}

/** Visible texts that belong to the other language than `locale`. */
async function strangers(locale: 'en-US' | 'zh-CN'): Promise<string[]> {
  const texts = await visibleTexts(t.page);
  expect(texts.length).toBeGreaterThan(5);
  if (locale === 'en-US') {
    const ownNames = [...forms(enUS['pendent.langShort']), ...forms(enUS['pendent.lang'])];
    return texts.filter((s) => CJK.test(s) && !ownNames.includes(s));
  }
  const english = messagePatterns(enUS as Dict, zhCN as Dict);
  return texts.filter((s) => english.some((re) => re.test(s)));
}

/** Switch to `locale` and find nothing of the other language; the check first proves it sees the old one. */
async function switchTo(locale: 'en-US' | 'zh-CN', shot: string): Promise<void> {
  expect((await strangers(locale)).length).toBeGreaterThan(0);
  await switchLanguage();
  await waitUntil(t, `<html lang="${locale}">`, async () => (await lang()) === locale);
  await t.page.screenshot({ path: screenshotPath(shot) });
  expect(await strangers(locale)).toEqual([]);
}

describe.each([
  { name: 'phone', options: PHONE },
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 }, locale: 'zh-CN' } }
])('$name', ({ name, options }) => {
  it('switching with the viewer and the login prompt open leaves no string of the other language, both ways', async () => {
    t = await openPage(await newContext(options));
    await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
    await visibleTestId(t, 'gallery-name');
    expect(await lang()).toBe('zh-CN');
    expect(await visibleTestId(t, 'pendent-lang')).toBe('EN');

    // The page in English first: header, tags, navigation, cards.
    await switchTo('en-US', `i18n-page-en-${name}`);
    expect(await visibleTestId(t, 'nav-tab-5')).toBe('Me');
    expect(await visibleTestId(t, 'stat-photos')).toMatch(/^\S+\s*photos?$/);

    // The viewer and a sheet open, then back to Chinese.
    await openViewerAndPrompt();
    await switchTo('zh-CN', `i18n-viewer-zh-${name}`);
    expect(await visibleTestId(t, 'login-prompt')).toContain('微信授权');
    expect(await t.page.getByTestId('viewer').filter({ visible: true }).count()).toBe(1);

    // And to English again with both still open.
    await switchTo('en-US', `i18n-viewer-en-${name}`);
    expect(await visibleTestId(t, 'login-prompt')).toContain('WeChat authorization');

    // Closing them shows the page underneath in English too, without a reload.
    await t.page.getByTestId('login-prompt-cancel').filter({ visible: true }).first().click();
    await t.page.keyboard.press('Escape');
    await waitUntil(t, 'the viewer to close', async () => (await t.page.getByTestId('viewer').filter({ visible: true }).count()) === 0);
    await t.page.screenshot({ path: screenshotPath(`i18n-page-en-after-${name}`) });
    expect(await strangers('en-US')).toEqual([]);
    expect(t.errors.filter((e) => !e.includes('requestfailed'))).toEqual([]);
  });
});
