/**
 * The content components of issue 14 part 2 still missing before: buttongroup, tab, guide, hot and
 * hot_pic, carousel, iframe, code (and the miniprogram link). One render with each type's defaults and
 * one with full props, and their behaviour; runs in the H5 and the weapp (TARO_ENV_JEST=weapp) project.
 */
import { act, fireEvent } from '@testing-library/react';
import { PageRenderer } from '../../src/page-components/PageRenderer';
import { openLink } from '../../src/platform/navigate';
import { PAGE_COMPONENT_DEFAULTS, type PageComponent } from '../../types/page';
import { byTestId, makeGallery, renderWith } from './helpers';

jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openLink: jest.fn() }));

const hash = (c: string) => c.repeat(64);
const gallery = makeGallery({ id: 42, link_id: 'child001', parent: 7, parent_link_id: 'event001' });
const page = (components: PageComponent[]) => <PageRenderer pagedata={{ components }} context={{ gallery, children: [] }} />;

beforeEach(() => {
  jest.mocked(openLink).mockClear();
});

describe('buttongroup', () => {
  const full: PageComponent = {
    id: 'bg',
    type: 'buttongroup',
    props: {
      buttons: [
        { text: 'Sponsors', modal: 'sponsor' },
        { text: 'Guests', modal: 'guest' },
        { text: 'About', modal: 'activity', icon: hash('i') },
        { text: 'Tickets', link: { type: 'gallery', link_id: 'tick001' } },
        { text: 'Nothing', link: { type: 'empty' } }
      ],
      color: '#123456',
      sponsors: [{ name: 'Riverside Bank', desc: 'Main sponsor', logo: hash('l'), link: { type: 'custom', url: 'https://bank.example' } }, { name: 'Kite Coffee' }],
      guests: [{ name: 'Ada Lin', desc: 'Host of the evening' }],
      activity: { title: 'Spring Gala', time: '17:30 – 23:00', place: 'Grand Hall', detail: 'Awards, dinner and music.' }
    }
  };

  it('renders nothing with its defaults', () => {
    expect(PAGE_COMPONENT_DEFAULTS.buttongroup).toEqual({ buttons: [], columns: 0, sponsors: [], guests: [] });
    const { container } = renderWith(page([{ id: 'bg', type: 'buttongroup' }]));
    expect(byTestId(container, 'buttongroup')).toHaveLength(0);
  });

  it('shows the buttons that do something; a link button follows its link', () => {
    const { container } = renderWith(page([full]));
    const buttons = byTestId(container, 'buttongroup-button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Sponsors', 'Guests', 'About', 'Tickets']);
    expect(byTestId(container, 'buttongroup')[0].getAttribute('data-columns')).toBe('4');
    fireEvent.click(buttons[3]);
    expect(openLink).toHaveBeenCalledWith({ type: 'gallery', link_id: 'tick001' }, { homeLinkId: 'event001' });
  });

  it('a modal button without content is not shown', () => {
    const { container } = renderWith(page([{ id: 'bg', type: 'buttongroup', props: { buttons: [{ text: 'Sponsors', modal: 'sponsor' }, { text: 'Guests', modal: 'guest' }] } }]));
    expect(byTestId(container, 'buttongroup')).toHaveLength(0);
  });

  it('opens the sponsor, guest and activity modals; × closes; a sponsor with a link follows it', () => {
    const { container } = renderWith(page([full]));
    const buttons = byTestId(container, 'buttongroup-button');
    fireEvent.click(buttons[0]);
    expect(byTestId(container, 'buttongroup-sheet')[0].getAttribute('data-modal')).toBe('sponsor');
    // A sponsor without a logo shows its initial.
    expect(byTestId(container, 'buttongroup-sponsor').map((s) => s.textContent)).toEqual(['Riverside BankMain sponsor', 'KKite Coffee']);
    fireEvent.click(byTestId(container, 'buttongroup-sponsor')[0]);
    expect(openLink).toHaveBeenCalledWith({ type: 'custom', url: 'https://bank.example' }, { homeLinkId: 'event001' });
    fireEvent.click(byTestId(container, 'buttongroup-sheet-close')[0]);
    expect(byTestId(container, 'buttongroup-sheet')).toHaveLength(0);
    fireEvent.click(buttons[1]);
    expect(byTestId(container, 'buttongroup-guest').map((g) => g.textContent)).toEqual(['AAda LinHost of the evening']);
    fireEvent.click(byTestId(container, 'buttongroup-sheet-close')[0]);
    fireEvent.click(buttons[2]);
    const activity = byTestId(container, 'buttongroup-activity')[0].textContent;
    expect(activity).toContain('Spring Gala');
    expect(activity).toContain('17:30 – 23:00');
    expect(activity).toContain('Grand Hall');
    expect(activity).toContain('Awards, dinner and music.');
  });
});
