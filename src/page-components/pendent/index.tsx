import { useEffect, useState } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { PendentButton, PendentType } from '../../../types/page/pendent';
import { useStores, usePageStores } from '../../stores/RootStore';
import { dockCapacity, planPendants } from '../../stores/gallery/dock';
import { t, type MessageKey } from '../../i18n';
import { windowWidth, WIDE_SCREEN } from '../../platform/env';
import { scrollToTop } from '../../platform/scroll';
import { isActiveLink } from '../../stores/links/follow';
import { useLinkFollower } from '../useLink';
import { imageUrl } from '../../utils/image';
import { Icon, type IconName } from '../../components/icon';
import type { PageComponentRenderProps } from '../types';
import './pendent.scss';

/**
 * Types that work in this version. The others (download, good, setting, people,
 * event, order, jigsaw, redpackage, share) need features still to come and are
 * left out rather than shown as dead buttons.
 */
export const IMPLEMENTED_PENDANTS: ReadonlySet<PendentType> = new Set<PendentType>(['top', 'refresh', 'lang', 'custom', 'people']);

/** A button that works here: Find ('people') needs the gallery's face search (use_face). */
function usable(b: PendentButton | null | undefined, face: boolean): b is PendentButton {
  if (!b || !IMPLEMENTED_PENDANTS.has(b.type)) return false;
  if (b.type === 'people') return face;
  return b.type !== 'custom' || !!(b.image || (b.link && b.link.type !== 'empty'));
}

const GLYPH: Partial<Record<PendentType, IconName>> = { top: 'arrow-up', refresh: 'reload', custom: 'link', people: 'search' };
const LABEL: Partial<Record<PendentType, MessageKey>> = { top: 'pendent.top', refresh: 'pendent.refresh', lang: 'pendent.lang', custom: 'pendent.custom', people: 'pendent.people' };

/**
 * The floating buttons, docked so they never cover content (src/stores/gallery/dock.ts):
 * on phones in the bottom bar right of the tabs, with a more-menu for what does not fit
 * and for hidden ones; on desktops the PC set in the right gutter.
 */
function Pendent({ props, ctx }: PageComponentRenderProps<'pendent'>) {
  const { settings } = useStores();
  const { events: pageEvents, face } = usePageStores();
  const follow = useLinkFollower(ctx);
  const [menuOpen, setMenuOpen] = useState(false);
  const faceOn = !!ctx.gallery.config?.use_face;
  const buttons = (Array.isArray(props.buttons) ? props.buttons : []).filter((b): b is PendentButton => usable(b, faceOn));
  const pc = windowWidth() > WIDE_SCREEN;
  const tabs = ctx.navShown ? Math.max(2, ctx.navTabs ?? 2) : 0;
  const hasTop = buttons.some((b) => b.type === 'top');
  // Without a top button of its own the page keeps a place for the list's back-to-top.
  const plan = planPendants(buttons, { pc, capacity: dockCapacity(tabs, hasTop ? 0 : 1) });

  useEffect(() => {
    pageEvents.setDock('pendent', plan.slots);
    pageEvents.setTopPendant(hasTop && !pc);
  }, [plan.slots, hasTop, pc]);
  useEffect(
    () => () => {
      pageEvents.setDock('pendent', 0);
      pageEvents.setTopPendant(false);
    },
    [pageEvents]
  );

  if (plan.shown.length === 0 && plan.folded.length === 0) return null;

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
        return follow(b.link);
      case 'people':
        return face.openFind(ctx.gallery.id);
      default:
        return undefined;
    }
  };

  const icon = (b: PendentButton) => {
    if (b.type === 'lang') return <Text className="pendent__lang">{t('pendent.langShort')}</Text>;
    if (b.type === 'custom' && b.image) return <Image className="pendent__image" src={imageUrl(b.image, 'avatar_150')} mode="aspectFill" />;
    return <Icon name={GLYPH[b.type] ?? 'link'} className="pendent__icon" />;
  };
  const label = (b: PendentButton) => t(LABEL[b.type] ?? 'pendent.custom');

  return (
    <View className={`pendent pendent--after-${pageEvents.dockOffset('pendent')}${pc ? ' pendent--pc' : ''}`} data-testid="pendent" data-slots={plan.slots}>
      {menuOpen && plan.folded.length > 0 ? (
        <View className="pendent__menu" data-testid="pendent-menu">
          {plan.folded.map((b, i) => (
            <View key={`${b.type}-${i}`} className="pendent__menu-item" data-testid={`pendent-${b.type}`} onClick={() => act(b)}>
              <View className="pendent__menu-icon">{icon(b)}</View>
              <Text className="pendent__menu-label">{label(b)}</Text>
            </View>
          ))}
        </View>
      ) : null}
      {plan.shown.map((b, i) => (
        <View key={`${b.type}-${i}`} className="pendent__slot" data-testid={`pendent-${b.type}`} aria-label={label(b)} onClick={() => act(b)}>
          <View className="pendent__button">{icon(b)}</View>
        </View>
      ))}
      {plan.folded.length > 0 ? (
        <View className="pendent__slot" data-testid="pendent-more" aria-label={t(menuOpen ? 'pendent.close' : 'pendent.more')} onClick={() => setMenuOpen(!menuOpen)}>
          <View className="pendent__button">
            <Icon name={menuOpen ? 'close' : 'menu'} className="pendent__icon" />
          </View>
        </View>
      ) : null}
    </View>
  );
}

export default observer(Pendent);
