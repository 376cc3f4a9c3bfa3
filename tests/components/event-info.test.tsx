import { fireEvent } from '@testing-library/react';
import { PageRenderer } from '../../src/page-components/PageRenderer';
import { callPhone, openMapPlace } from '../../src/platform/ui';
import { imageUrl } from '../../src/utils/image';
import type { PageComponent } from '../../types/page';
import { byTestId, isWeapp, makeGallery, makeRoot, renderWith } from './helpers';

jest.mock('../../src/platform/ui', () => ({ ...jest.requireActual('../../src/platform/ui'), callPhone: jest.fn(), openMapPlace: jest.fn() }));

const gallery = makeGallery({ id: 42 });
const page = (components: PageComponent[]) => <PageRenderer pagedata={{ components }} context={{ gallery, children: [] }} />;
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
const hash = (c: string) => c.repeat(64);

beforeEach(() => {
  jest.mocked(callPhone).mockClear();
  jest.mocked(openMapPlace).mockClear();
});

describe('actinfo', () => {
  const place = { name: 'Riverside Center', latitude: 31.2304, longitude: 121.4737, address: '88 River Road' };

  it('shows time, place, host and detail with their labels; the place opens the map', () => {
    const { container } = renderWith(page([{ id: 'a', type: 'actinfo', props: { time: '22 Nov, 18:00', map: place, sponsor: 'Spring Co.', detail: 'Dress code: smart' } }]), makeRoot('en-US'));
    expect(text(byTestId(container, 'actinfo-time')[0])).toBe('Time22 Nov, 18:00');
    expect(text(byTestId(container, 'actinfo-place')[0])).toContain('Riverside Center88 River Road');
    expect(text(byTestId(container, 'actinfo-sponsor')[0])).toBe('HostSpring Co.');
    expect(text(byTestId(container, 'actinfo-detail')[0])).toBe('AboutDress code: smart');
    // The mini-program draws its native map with a marker; browsers have no tiles, only the link.
    const map = byTestId(container, 'place-map');
    if (isWeapp) {
      expect(map).toHaveLength(1);
      const m = map[0] as HTMLElement & { latitude?: number; markers?: unknown[] };
      expect(m.latitude).toBe(31.2304);
      expect(m.markers).toHaveLength(1);
    } else expect(map).toHaveLength(0);
    fireEvent.click(byTestId(container, 'actinfo-open-map')[0]);
    expect(openMapPlace).toHaveBeenCalledWith(place);
  });

  it('in Chinese; bad coordinates drop the place; nothing at all renders nothing', () => {
    const { container } = renderWith(
      page([
        { id: 'a', type: 'actinfo', props: { time: '18:00', map: { name: 'X', latitude: 200, longitude: 0 } } },
        { id: 'b', type: 'actinfo', props: {} }
      ]),
      makeRoot('zh-CN')
    );
    expect(byTestId(container, 'actinfo')).toHaveLength(1);
    expect(text(byTestId(container, 'actinfo-time')[0])).toBe('时间18:00');
    expect(byTestId(container, 'actinfo-place')).toHaveLength(0);
  });
});

describe('actflow', () => {
  it('sections and steps in order, with time, date and description', () => {
    const { container } = renderWith(
      page([
        {
          id: 'f',
          type: 'actflow',
          props: {
            items: [
              { type: 'title', title: 'Day 1', date: '22 Nov' },
              { type: 'flow', title: 'Doors open', time: '17:30' },
              { type: 'flow', title: 'Keynote', time: '19:00', desc: 'Main stage' },
              { type: 'flow', title: '' }
            ]
          }
        }
      ])
    );
    expect(byTestId(container, 'actflow-title').map(text)).toEqual(['Day 122 Nov']);
    expect(byTestId(container, 'actflow-step').map(text)).toEqual(['17:30Doors open', '19:00KeynoteMain stage']);
  });
});

describe('guests', () => {
  it('a row of guests with photo or initial; a tap shows the whole introduction; × closes it', () => {
    const { container } = renderWith(
      page([
        {
          id: 'g',
          type: 'guests',
          props: { items: [{ name: 'Ada Lin', desc: 'Host of the evening, twenty years on stage', photo: hash('a') }, { name: 'Bo Chen' }, { name: '' }] }
        }
      ]),
      makeRoot('en-US')
    );
    expect(text(byTestId(container, 'guests')[0]).startsWith('Guests')).toBe(true);
    const guests = byTestId(container, 'guest');
    expect(guests).toHaveLength(2);
    expect(guests[0].querySelector('taro-image-core')!.getAttribute('src')).toBe(imageUrl(hash('a'), 'avatar_150', 42));
    expect(guests[1].querySelector('[data-avatar="initial"]')!.getAttribute('data-initial')).toBe('B');
    fireEvent.click(guests[0]);
    expect(text(byTestId(container, 'guest-sheet-desc')[0])).toBe('Host of the evening, twenty years on stage');
    fireEvent.click(byTestId(container, 'guest-sheet-close')[0]);
    expect(byTestId(container, 'guest-sheet')).toHaveLength(0);
  });
});

describe('contact', () => {
  it('name, role, avatar, a tap calls the number, and the QR code to scan', () => {
    const { container } = renderWith(
      page([{ id: 'c', type: 'contact', props: { items: [{ cid: '1', name: 'Mia Wu', level: 'Event manager', phone: '+86 138 0000 0000', qrcode: hash('q') }, { name: 'Desk' }] } }]),
      makeRoot('en-US')
    );
    const cards = byTestId(container, 'contact-card');
    expect(cards).toHaveLength(2);
    expect(text(cards[0])).toContain('Mia WuEvent manager');
    expect(text(byTestId(cards[0], 'contact-phone')[0])).toBe('+86 138 0000 0000');
    fireEvent.click(byTestId(cards[0], 'contact-call')[0]);
    expect(callPhone).toHaveBeenCalledWith('+86 138 0000 0000');
    expect(byTestId(cards[0], 'contact-qr')[0].querySelector('taro-image-core')!.getAttribute('src')).toBe(imageUrl(hash('q'), 'wx_750_n', 42));
    expect(text(byTestId(cards[0], 'contact-qr')[0])).toContain('Long-press to scan');
    expect(byTestId(cards[1], 'contact-call')).toHaveLength(0);
    expect(byTestId(cards[1], 'contact-qr')).toHaveLength(0);
  });
});
