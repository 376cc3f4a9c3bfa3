import { observer } from 'mobx-react';
import { View, Text } from '@tarojs/components';
import type { NavTab, TabIndex } from '../../stores/gallery/navTabs';
import { usePageStores } from '../../stores/RootStore';
import { t } from '../../i18n';
import { Icon, type IconName } from '../icon';
import './index.scss';

const ICONS: Record<TabIndex, IconName> = { 0: 'home', 2: 'image', 3: 'star', 4: 'shopping-bag', 5: 'user' };

/**
 * The navigation: a bar at the bottom on phones, whose right end it leaves to the
 * docked buttons (pendants, back-to-top); a rail at the left on desktops. The caller
 * decides visibility (more than one tab, or buttons to dock).
 */
export const BottomNav = observer(function BottomNav(props: { tabs: NavTab[]; active: TabIndex; color: string; onTap: (tab: NavTab) => void }) {
  const { events } = usePageStores();
  const docked = events.dockSlots;
  const rail = props.tabs.length > 1;
  return (
    <View className={`bottom-nav bottom-nav--dock-${docked}${rail ? '' : ' bottom-nav--bar-only'}`} data-testid="bottom-nav" data-docked={docked}>
      {props.tabs.map((tab) => {
        const on = tab.index === props.active;
        return (
          <View
            key={tab.index}
            className={`bottom-nav__tab${on ? ' bottom-nav__tab--on' : ''}`}
            data-testid={`nav-tab-${tab.index}`}
            aria-current={on ? 'page' : undefined}
            style={on ? { color: props.color } : undefined}
            onClick={() => props.onTap(tab)}
          >
            <Icon name={ICONS[tab.index]} className="bottom-nav__icon" testId={`nav-icon-${tab.index}`} />
            <Text className="bottom-nav__label">{t(tab.label)}</Text>
          </View>
        );
      })}
    </View>
  );
});

/** Height the navigator takes on phones (design px; $nav-height), for the page's bottom padding. */
export const BOTTOM_NAV_HEIGHT = 98;
