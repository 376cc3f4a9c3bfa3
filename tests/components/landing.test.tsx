import { act, fireEvent } from '@testing-library/react';
import { Landing } from '../../src/components/landing';
import { openUrl } from '../../src/platform/navigate';
import Taro from '@tarojs/taro';
import { fetchLanding } from '../../src/api/gallery';
import type { Landing as LandingData } from '../../types/api/gallery';
import { isWeapp, makeRoot, renderWith } from './helpers';

jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openUrl: jest.fn() }));
jest.mock('../../src/api/gallery', () => ({ ...jest.requireActual('../../src/api/gallery'), fetchLanding: jest.fn() }));

const answer = (data: LandingData) => (fetchLanding as jest.Mock).mockResolvedValue(data);
const flush = () => act(async () => undefined);

/** The page title as the platform sets it (the browser tab, or the mini-program's navigation bar). */
const setTitle = jest.spyOn(Taro, 'setNavigationBarTitle');
const titled = (title: string) => (isWeapp ? expect(setTitle).toHaveBeenLastCalledWith({ title }) : expect(document.title).toBe(title));

describe('Landing (the root address)', () => {
  beforeEach(() => jest.clearAllMocks());

  it('says what the server hosts, links the demo and the public events', async () => {
    answer({ demo: 'demo2026', events: [{ link_id: 'open001', name: 'Open Day', cover: 'a'.repeat(64), start_time: null, end_time: null, image_total: 12 }] });
    const { container } = renderWith(<Landing />, makeRoot('en-US'));
    await flush();
    expect(container.textContent).toContain('Event photos');
    expect(container.textContent).toContain('12 photos');
    titled('Event photos');
    fireEvent.click(container.querySelector('[data-testid="landing-demo"]')!);
    expect(openUrl).toHaveBeenLastCalledWith('/g/demo2026');
    fireEvent.click(container.querySelector('[data-testid="landing-event"]')!);
    expect(openUrl).toHaveBeenLastCalledWith('/g/open001');
    expect(container.querySelector('.landing__img')?.getAttribute('src')).toMatch(new RegExp(`/img/${'a'.repeat(64)}!wx_375_240$`));
  });

  it('without a demo or events says how albums are opened, in Chinese too', async () => {
    answer({ demo: null, events: [] });
    const { container } = renderWith(<Landing />, makeRoot('zh-CN'));
    await flush();
    expect(container.querySelector('[data-testid="landing-demo"]')).toBeNull();
    expect(container.querySelector('[data-testid="landing-no-events"]')?.textContent).toContain('还没有公开的活动');
    titled('活动相册');
  });
});
