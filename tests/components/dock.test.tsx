// Floating controls never cover content (issue 12, Experience 6 and 9): the pendants and
// the list's back-to-top take places in a dock, the phone's bottom bar right of the tabs
// (which leave them room) or the desktop's right gutter. Runs in H5 and TARO_ENV_JEST=weapp.
import { act, fireEvent } from '@testing-library/react';
import { BottomNav } from '../../src/components/bottom-nav';
import PositionIndicator from '../../src/page-components/photo/PositionIndicator';
import { PageEventsStore, DOCK_MAX_SLOTS } from '../../src/stores/gallery/PageEventsStore';
import { dockCapacity, planPendants, PC_PENDANTS, type Plannable } from '../../src/stores/gallery/dock';
import { visibleTabs } from '../../src/stores/gallery/navTabs';
import { scrollToTop } from '../../src/platform/scroll';
import type { PendantActionKey } from '../../src/stores/pendant/pendantRules';
import { DEFAULT_CONFIG } from '../../types/api/gallery';
import { byTestId, renderWith } from './helpers';

jest.mock('../../src/platform/scroll', () => ({ scrollToTop: jest.fn() }));

describe('the dock (PageEventsStore)', () => {
  it('counts the places claimed and tells each claimant where its places start', () => {
    const e = new PageEventsStore();
    expect(e.dockSlots).toBe(0);
    e.setDock('backtop', 1);
    expect(e.dockOffset('backtop')).toBe(0);
    e.setDock('pendent', 3);
    // Pendants sit rightmost (lowest on a desktop), back-to-top after them.
    expect(e.dockOffset('pendent')).toBe(0);
    expect(e.dockOffset('backtop')).toBe(3);
    expect(e.dockSlots).toBe(4);
    e.setDock('pendent', 0);
    expect(e.dockSlots).toBe(1);
    expect(e.dockOffset('backtop')).toBe(0);
    e.setDock('pendent', 99);
    expect(e.dockSlots).toBe(DOCK_MAX_SLOTS);
  });

  it('the bar has room for pendants beside its tabs; what does not fit folds', () => {
    expect(dockCapacity(0, 0)).toBe(DOCK_MAX_SLOTS);
    expect(dockCapacity(2, 0)).toBe(5);
    expect(dockCapacity(2, 1)).toBe(4);
    expect(dockCapacity(5, 0)).toBe(1);
    const b = (type: PendantActionKey, hidden = false): Plannable => ({ type, hidden });
    const four = [b('top'), b('refresh'), b('lang'), b('custom')];
    expect(planPendants(four, { pc: false, capacity: 5 })).toEqual({ shown: four, folded: [], slots: 4 });
    expect(planPendants(four, { pc: false, capacity: 3 })).toEqual({ shown: four.slice(0, 2), folded: four.slice(2), slots: 3 });
    expect(planPendants(four, { pc: false, capacity: 1 })).toEqual({ shown: [], folded: four, slots: 1 });
    const hidden = [b('top'), b('lang', true)];
    expect(planPendants(hidden, { pc: false, capacity: 5 })).toEqual({ shown: [hidden[0]], folded: [hidden[1]], slots: 2 });
    // Desktops: the PC set, nothing folded.
    expect([...PC_PENDANTS]).toEqual(['lucky', 'good', 'lang']);
    // In the spec's order (lucky draw, good, language), whatever the organiser's.
    expect(planPendants([...four, b('good')], { pc: true, capacity: 1 })).toEqual({ shown: [b('good'), four[2]], folded: [], slots: 2 });
    expect(planPendants([b('lang'), b('lucky'), b('good', true)], { pc: true, capacity: 1 }).shown.map((x) => x.type)).toEqual(['lucky', 'good', 'lang']);
  });
});

describe('the bottom bar leaves the docked places free', () => {
  const tabs = visibleTabs({ config: DEFAULT_CONFIG, navigator: { show_my: true } as never, orderContext: false, hasParent: false });

  it('pads its right end by the places claimed, as they change', () => {
    const { container, page } = renderWith(<BottomNav tabs={tabs} active={0} color="#50d3cd" onTap={() => undefined} />);
    const bar = () => byTestId(container, 'bottom-nav')[0];
    expect(bar().className).toContain('bottom-nav--dock-0');
    act(() => page.events.setDock('pendent', 3));
    expect(bar().className).toContain('bottom-nav--dock-3');
    expect(bar().getAttribute('data-docked')).toBe('3');
    act(() => page.events.setDock('backtop', 1));
    expect(bar().className).toContain('bottom-nav--dock-4');
  });

  it('a bar with no tabs (only docked buttons) is a bar only, never a desktop rail', () => {
    const { container } = renderWith(<BottomNav tabs={[]} active={0} color="#50d3cd" onTap={() => undefined} />);
    expect(byTestId(container, 'bottom-nav')[0].className).toContain('bottom-nav--bar-only');
  });
});

describe('back to top', () => {
  beforeEach(() => jest.mocked(scrollToTop).mockClear());

  it('far down, it takes the place after the pendants, and gives it back', () => {
    const r = renderWith(<PositionIndicator current={0} total={0} offset={0} farDown={false} />);
    expect(byTestId(r.container, 'back-to-top')).toHaveLength(0);
    expect(r.page.events.dockSlots).toBe(0);
    r.unmount();
    // The page's pendants hold two places; scrolled far down, the button comes after them.
    act(() => r.page.events.setDock('pendent', 2));
    const far = renderWith(<PositionIndicator current={30} total={100} offset={2400} farDown />, r.root, r.page);
    const button = byTestId(far.container, 'back-to-top')[0];
    expect(button.className).toContain('photo-backtop--after-2');
    expect(button.querySelector('.at-icon-arrow-up')).not.toBeNull();
    expect(far.page.events.dock.get('backtop')).toBe(1);
    fireEvent.click(button);
    expect(scrollToTop).toHaveBeenCalledTimes(1);
    far.unmount();
    expect(far.page.events.dock.get('backtop')).toBeUndefined();
  });

  it('a page whose pendants have a top button shows no second one', () => {
    const r = renderWith(<PositionIndicator current={30} total={100} offset={2400} farDown />);
    expect(byTestId(r.container, 'back-to-top')).toHaveLength(1);
    act(() => r.page.events.setTopPendant(true));
    expect(byTestId(r.container, 'back-to-top')).toHaveLength(0);
    expect(r.page.events.dock.get('backtop')).toBeUndefined();
  });
});
