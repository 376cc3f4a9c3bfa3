import { act } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { getPageInstance } from '@tarojs/runtime';
import { View } from '@tarojs/components';
import { PageFrame } from '../../src/components/page-frame';
import { NotFound } from '../../src/components/not-found';
import { usePageTitle } from '../../src/platform/title';
import { isWeapp, makeRoot, renderWith } from './helpers';

/**
 * Issue 12, Experience 7: every page has a title. The app sets it as the visitor moves
 * (the browser tab in H5, the navigation bar in the mini-program), and sets it again
 * when a page shows again (Back from another page), where Taro's router would otherwise
 * write the page's empty configured title.
 * Issue 26, finding 1: a title is text. In H5 it is written to `document.title` only and
 * never handed to Taro's navigation bar, which would write it with innerHTML.
 */
const navTitle = jest.spyOn(Taro, 'setNavigationBarTitle');
/** The title the visitor sees: the native bar's in the mini-program, the tab's in browsers. */
const shownTitle = () => (isWeapp ? (navTitle.mock.calls.at(-1)?.[0] as { title: string } | undefined)?.title : document.title);
/** The page shows again: Taro calls the page's onShow hooks (useDidShow). */
const showAgain = () => {
  const inst = getPageInstance('taro-app') as unknown as { componentDidShow?: Array<() => void> | (() => void) };
  const list = inst.componentDidShow;
  const hooks = Array.isArray(list) ? list : list ? [list] : [];
  act(() => hooks.forEach((f) => f()));
};

function Titled(props: { title: string | null }) {
  usePageTitle(props.title);
  return <View />;
}

describe('page titles', () => {
  beforeEach(() => {
    navTitle.mockClear();
    if (!isWeapp) document.title = '';
  });

  it('a secondary page is titled with its name, in the visitor’s language', () => {
    renderWith(<PageFrame title="我的">x</PageFrame>, makeRoot('zh-CN'));
    expect(shownTitle()).toBe('我的');
  });

  it('the not-found page is titled, not left blank', () => {
    renderWith(<NotFound />, makeRoot('en-US'));
    expect(shownTitle()).toBe('Page not found');
  });

  it('sets nothing while the title is still loading, then the title; and sets it again when the page shows again', async () => {
    const root = makeRoot('zh-CN');
    const view = renderWith(<Titled title={null} />, root);
    expect(navTitle).not.toHaveBeenCalled();
    expect(shownTitle() || '').toBe('');
    view.rerender(<Titled title="Spring Gala" />);
    expect(shownTitle()).toBe('Spring Gala');
    // Another page titled the tab meanwhile; back on this page the title comes back.
    navTitle.mockClear();
    if (!isWeapp) document.title = '';
    showAgain();
    expect(shownTitle()).toBe('Spring Gala');
    if (!isWeapp) {
      // Taro's router writes the page's configured empty title right after the onShow hooks;
      // the title is set again after that.
      document.title = '';
      await Promise.resolve();
      expect(document.title).toBe('Spring Gala');
    }
  });

  it('a title with markup stays text: shown as typed, no element made, never handed to an HTML sink', () => {
    const evil = '<img src=x onerror="window.__titleXss=1">Gala';
    const view = renderWith(<Titled title={evil} />, makeRoot('zh-CN'));
    expect(shownTitle()).toBe(evil);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect((window as unknown as { __titleXss?: number }).__titleXss).toBeUndefined();
    // Browsers: Taro's navigation bar (innerHTML) never sees it; the mini-program's native bar shows text.
    if (!isWeapp) expect(navTitle).not.toHaveBeenCalled();
    else expect(navTitle).toHaveBeenCalledWith({ title: evil });
    view.unmount();
  });
});
