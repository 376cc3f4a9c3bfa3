/**
 * Issue 14 part 4: a miniprogram link (appid + path) from any component. In the mini-program it opens
 * the other mini-program (navigateToMiniProgram, through src/platform/navigate); in a browser, which
 * cannot, the page's sheet names the mini-program and its page and says how to open it.
 */
import { act, fireEvent } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { PageRenderer } from '../../src/page-components/PageRenderer';
import type { PageComponent } from '../../types/page';
import { byTestId, isWeapp, makeGallery, renderWith } from './helpers';

const gallery = makeGallery({ id: 42, link_id: 'child001' });
const page = (components: PageComponent[]) => <PageRenderer pagedata={{ components }} context={{ gallery, children: [] }} />;
const link = { type: 'miniprogram' as const, appid: 'wx0123456789abcdef', path: 'pages/shop/index?id=7' };

describe('miniprogram links', () => {
  it(isWeapp ? 'open the mini-program with its appid and path' : 'open a sheet explaining how to open the mini-program in WeChat', async () => {
    const nav = jest.fn(() => Promise.resolve());
    const clip = jest.fn(() => Promise.resolve());
    const t = Taro as unknown as Record<string, unknown>;
    const before = { nav: t.navigateToMiniProgram, clip: t.setClipboardData };
    t.navigateToMiniProgram = nav;
    t.setClipboardData = clip;
    try {
      const { container } = renderWith(
        page([
          { id: 'tips', type: 'tips', props: { text: 'Shop the gala merchandise', link } },
          { id: 'bg', type: 'buttongroup', props: { buttons: [{ text: 'Shop', link: { type: 'miniprogram', appid: link.appid } }] } }
        ])
      );
      // The button group's code loads when it first shows.
      for (let i = 0; i < 5; i++) await act(async () => undefined);
      fireEvent.click(byTestId(container, 'tips')[0]);
      if (isWeapp) {
        expect(nav).toHaveBeenCalledWith({ appId: link.appid, path: link.path });
        expect(byTestId(container, 'miniprogram-sheet')).toHaveLength(0);
        fireEvent.click(byTestId(container, 'buttongroup-button')[0]);
        expect(nav).toHaveBeenLastCalledWith({ appId: link.appid });
        return;
      }
      expect(nav).not.toHaveBeenCalled();
      const sheet = byTestId(container, 'miniprogram-sheet')[0];
      expect(sheet.textContent).toContain('Open in WeChat');
      expect(sheet.textContent).toContain('a web browser cannot open');
      expect(byTestId(container, 'miniprogram-appid')[0].textContent).toBe(link.appid);
      expect(byTestId(container, 'miniprogram-path')[0].textContent).toBe(link.path);
      fireEvent.click(byTestId(container, 'miniprogram-copy')[0]);
      expect(clip).toHaveBeenCalledWith({ data: link.appid });
      fireEvent.click(byTestId(container, 'miniprogram-sheet-close')[0]);
      expect(byTestId(container, 'miniprogram-sheet')).toHaveLength(0);
      // Without a path: the id alone.
      fireEvent.click(byTestId(container, 'buttongroup-button')[0]);
      expect(byTestId(container, 'miniprogram-path')).toHaveLength(0);
    } finally {
      t.navigateToMiniProgram = before.nav;
      t.setClipboardData = before.clip;
    }
  });
});
