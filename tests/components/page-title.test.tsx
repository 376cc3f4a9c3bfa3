import { act } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { getPageInstance } from '@tarojs/runtime';
import { View } from '@tarojs/components';
import { PageFrame } from '../../src/components/page-frame';
import { NotFound } from '../../src/components/not-found';
import { usePageTitle } from '../../src/platform/ui';
import { isWeapp, makeRoot, renderWith } from './helpers';

/**
 * Issue 12, Experience 7: every page has a title. The app sets it as the visitor moves
 * (the browser tab in H5, the navigation bar in the mini-program), and sets it again
 * when a page shows again (Back from another page), where Taro's router would otherwise
 * write the page's empty configured title.
 */
const setTitle = jest.spyOn(Taro, 'setNavigationBarTitle');
const lastTitle = () => (setTitle.mock.calls.at(-1)?.[0] as { title: string } | undefined)?.title;
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
    setTitle.mockClear();
    if (!isWeapp) document.title = '';
  });

  it('a secondary page is titled with its name, in the visitor’s language', () => {
    renderWith(<PageFrame title="我的">x</PageFrame>, makeRoot('zh-CN'));
    expect(lastTitle()).toBe('我的');
    if (!isWeapp) expect(document.title).toBe('我的');
  });

  it('the not-found page is titled, not left blank', () => {
    renderWith(<NotFound />, makeRoot('en-US'));
    expect(lastTitle()).toBe('Page not found');
    if (!isWeapp) expect(document.title).toBe('Page not found');
  });

  it('sets nothing while the title is still loading, then the title; and sets it again when the page shows again', () => {
    const root = makeRoot('zh-CN');
    const view = renderWith(<Titled title={null} />, root);
    expect(setTitle).not.toHaveBeenCalled();
    view.rerender(<Titled title="Spring Gala" />);
    expect(lastTitle()).toBe('Spring Gala');
    // Another page titled the tab meanwhile; back on this page the title comes back.
    if (!isWeapp) document.title = '';
    setTitle.mockClear();
    showAgain();
    expect(lastTitle()).toBe('Spring Gala');
    if (!isWeapp) expect(document.title).toBe('Spring Gala');
  });
});
