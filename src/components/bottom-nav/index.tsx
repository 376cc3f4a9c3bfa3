import { observer } from 'mobx-react';
import { View, Text } from '@tarojs/components';
import type { NavTab, TabIndex } from '../../stores/gallery/navTabs';
import { t } from '../../i18n';
import './index.scss';

const ICONS: Record<TabIndex, string> = { 0: 'home', 2: 'me', 3: 'star', 4: 'order', 5: 'user' };

/** Fixed bottom navigation; the caller decides visibility (more than one tab). */
export const BottomNav = observer(function BottomNav(props: { tabs: NavTab[]; active: TabIndex; color: string; onTap: (tab: NavTab) => void }) {
  return (
    <View className="bottom-nav" data-testid="bottom-nav">
      {props.tabs.map((tab) => {
        const on = tab.index === props.active;
        return (
          <View
            key={tab.index}
            className={`bottom-nav__tab${on ? ' bottom-nav__tab--on' : ''}`}
            data-testid={`nav-tab-${tab.index}`}
            style={on ? { color: props.color } : undefined}
            onClick={() => props.onTap(tab)}
          >
            <View className={`bottom-nav__icon bottom-nav__icon--${ICONS[tab.index]}`} style={on ? { borderColor: props.color } : undefined} />
            <Text className="bottom-nav__label">{t(tab.label)}</Text>
          </View>
        );
      })}
    </View>
  );
});

/** Height the navigator takes (design px), for pendants and the page's bottom padding. */
export const BOTTOM_NAV_HEIGHT = 98;
