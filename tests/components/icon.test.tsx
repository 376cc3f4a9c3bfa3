// The icon set (issue 12, Experience 6): glyphs of taro-ui's icon font through one small
// component, used by the navigation, the pendants, the tips and the viewer instead of
// drawn placeholder shapes. Runs in H5 and the mini-program branch (TARO_ENV_JEST=weapp).
import fs from 'node:fs';
import path from 'node:path';
import { Icon, ICON_NAMES } from '../../src/components/icon';
import { BottomNav } from '../../src/components/bottom-nav';
import { visibleTabs } from '../../src/stores/gallery/navTabs';
import { DEFAULT_CONFIG } from '../../types/api/gallery';
import { byTestId, renderWith } from './helpers';

describe('Icon', () => {
  it('renders the font glyph class of its name, with size and colour when given', () => {
    const { container } = renderWith(
      <>
        <Icon name="home" testId="plain" />
        <Icon name="arrow-up" size={22} color="#112233" className="extra" testId="styled" />
      </>
    );
    const plain = byTestId(container, 'plain')[0];
    expect(plain.className.split(' ')).toEqual(expect.arrayContaining(['icon', 'at-icon', 'at-icon-home']));
    expect(plain.getAttribute('data-icon')).toBe('home');
    expect(plain.getAttribute('aria-hidden')).toBe('true');
    expect(plain.style.fontSize).toBe('');
    const styled = byTestId(container, 'styled')[0];
    expect(styled.className).toContain('at-icon-arrow-up');
    expect(styled.className).toContain('extra');
    expect(styled.style.fontSize).toBe('22px');
    expect(styled.style.color).toBe('rgb(17, 34, 51)');
  });

  it('knows only glyphs the icon sheet has', () => {
    // The sheet the component imports (taro-ui/lib/style/components/icon.scss) defines each name.
    const sheet = fs.readFileSync(path.join(__dirname, '../../node_modules/taro-ui/lib/style/components/icon.scss'), 'utf8');
    for (const name of ICON_NAMES) expect(sheet).toContain(`.at-icon-${name}::before`);
    expect(sheet).toContain('@font-face');
  });
});

describe('the navigation draws its tabs with icons', () => {
  const tabs = visibleTabs({ config: { ...DEFAULT_CONFIG, active_on: 1, use_face: 1 }, navigator: { show_my: true } as never, orderContext: true, hasParent: false });

  it('one glyph per tab, the active one in the theme colour', () => {
    const { container } = renderWith(<BottomNav tabs={tabs} active={0} color="#ff0000" onTap={() => undefined} />);
    expect(tabs.map((x) => x.index)).toEqual([0, 2, 3, 4, 5]);
    const glyph = (i: number) => byTestId(container, `nav-icon-${i}`)[0];
    expect([0, 2, 3, 4, 5].map((i) => glyph(i).getAttribute('data-icon'))).toEqual(['home', 'image', 'star', 'shopping-bag', 'user']);
    // No hollow placeholder shapes any more.
    expect(container.querySelector('.bottom-nav__icon--home, .bottom-nav__icon--user')).toBeNull();
    expect(byTestId(container, 'nav-tab-0')[0].style.color).toBe('rgb(255, 0, 0)');
    expect(byTestId(container, 'nav-tab-0')[0].getAttribute('aria-current')).toBe('page');
    expect(byTestId(container, 'nav-tab-5')[0].style.color).toBe('');
  });
});
