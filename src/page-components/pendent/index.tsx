import { useState } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { PendentButton, PendentType } from '../../../types/page/pendent';
import { useStores, usePageStores } from '../../stores/RootStore';
import { t } from '../../i18n';
import { windowWidth, WIDE_SCREEN } from '../../platform/env';
import { scrollToTop } from '../../platform/scroll';
import { openLink } from '../../platform/navigate';
import { imageUrl } from '../../utils/image';
import { ICONS } from '../icons';
import type { PageComponentRenderProps } from '../types';
import './pendent.scss';

/**
 * Types that work in this version. The others (download, good, setting, people,
 * event, order, jigsaw, redpackage, share) need features still to come and are
 * left out rather than shown as dead buttons.
 */
export const IMPLEMENTED_PENDANTS: ReadonlySet<PendentType> = new Set<PendentType>(['top', 'refresh', 'lang', 'custom']);

/** Gap above the bottom edge, and the bottom navigator's height (CSS px). */
const BOTTOM_GAP = 20;
const BOTTOM_NAV_HEIGHT = 49;

function usable(b: PendentButton | null | undefined): b is PendentButton {
  if (!b || !IMPLEMENTED_PENDANTS.has(b.type)) return false;
  return b.type !== 'custom' || !!(b.image || (b.link && b.link.type !== 'empty'));
}

/** Floating buttons at the right bottom; on mobile the hidden ones fold out of a more-menu. */
function Pendent({ props, ctx }: PageComponentRenderProps<'pendent'>) {
  const { settings } = useStores();
  const { events: pageEvents } = usePageStores();
  const [menuOpen, setMenuOpen] = useState(false);
  const buttons = (Array.isArray(props.buttons) ? props.buttons : []).filter(usable);
  if (buttons.length === 0) return null;

  const pc = windowWidth() > WIDE_SCREEN;
  const shown = pc ? buttons : buttons.filter((b) => !b.hidden);
  const folded = pc ? [] : buttons.filter((b) => b.hidden);

  const act = (b: PendentButton) => {
    setMenuOpen(false);
    switch (b.type) {
      case 'top':
        return scrollToTop();
      case 'refresh':
        return pageEvents.refresh();
      case 'lang':
        return settings.set('language', settings.locale === 'zh-CN' ? 'en-US' : 'zh-CN');
      case 'custom':
        return openLink(b.link);
      default:
        return undefined;
    }
  };

  const icon = (b: PendentButton) => {
    if (b.type === 'lang') return <Text className="pendent__lang">{t('pendent.langShort')}</Text>;
    const src = b.type === 'custom' ? (b.image ? imageUrl(b.image, 'avatar_150') : ICONS.link('#ffffff')) : ICONS[b.type === 'top' ? 'top' : 'refresh']('#ffffff');
    return <Image className={b.type === 'custom' && b.image ? 'pendent__image' : 'pendent__icon'} src={src} />;
  };

  const label = (b: PendentButton) =>
    t(b.type === 'top' ? 'pendent.top' : b.type === 'refresh' ? 'pendent.refresh' : b.type === 'lang' ? 'pendent.lang' : 'pendent.custom');

  return (
    <View
      className={pc ? 'pendent pendent--pc' : 'pendent'}
      data-testid="pendent"
      style={{ bottom: `${BOTTOM_GAP + (ctx.navShown ? BOTTOM_NAV_HEIGHT : 0)}px` }}
    >
      {menuOpen && folded.length > 0 ? (
        <View className="pendent__menu" data-testid="pendent-menu">
          {folded.map((b, i) => (
            <View key={`${b.type}-${i}`} className="pendent__menu-item" data-testid={`pendent-${b.type}`} onClick={() => act(b)}>
              <View className="pendent__menu-icon">{icon(b)}</View>
              <Text className="pendent__menu-label">{label(b)}</Text>
            </View>
          ))}
        </View>
      ) : null}
      {shown.map((b, i) => (
        <View key={`${b.type}-${i}`} className="pendent__button" data-testid={`pendent-${b.type}`} onClick={() => act(b)}>
          {icon(b)}
        </View>
      ))}
      {folded.length > 0 ? (
        <View className="pendent__button" data-testid="pendent-more" onClick={() => setMenuOpen(!menuOpen)}>
          <Image className="pendent__icon" src={menuOpen ? ICONS.close('#ffffff') : ICONS.more('#ffffff')} />
        </View>
      ) : null}
    </View>
  );
}

export default observer(Pendent);
