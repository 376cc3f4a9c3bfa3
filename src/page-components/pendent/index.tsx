import { useEffect, useState } from 'react';
import { View } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { PendentButton } from '../../../types/page/pendent';
import { useStores, usePageStores } from '../../stores/RootStore';
import { dockCapacity, planPendants } from '../../stores/gallery/dock';
import { pendantOffsets, pendantUsable, PC_PENDANTS, type PendantPageState } from '../../stores/pendant/pendantRules';
import { gallerySharable, openGalleryShare } from '../../stores/pendant/GalleryShareStore';
import { createPraiseStore } from '../../stores/pendant/factory';
import { createShareSheetStore } from '../../stores/share/sheetFactory';
import { t } from '../../i18n';
import { bottomSafeInset, clientEnv, windowWidth, WIDE_SCREEN } from '../../platform/env';
import { scrollToTop } from '../../platform/scroll';
import { ShareSheet } from '../../components/share-sheet';
import { Icon } from '../../components/icon';
import { useLinkFollower } from '../useLink';
import type { PageComponentRenderProps } from '../types';
import { PendantMenuItem, PendantSlot, type PendantItem } from './buttons';
import { deferred } from '../../components/deferred';
import './pendent.scss';

/** The settings sheet's code (its pickers) loads when first opened. */
const SettingsSheet = deferred(() => import('./SettingsSheet'));

/**
 * The floating buttons (spec part 1 §2 pendants; part 3 §9 badge, z-index, offsets),
 * docked so they never cover content (src/stores/gallery/dock.ts): on phones in the
 * bottom bar right of the tabs, with a fold-out more-menu for hidden buttons and for
 * what does not fit; on desktops the PC set (lucky draw, good, language) in the right
 * gutter. A button shows only where it does something (stores/pendant/pendantRules.ts).
 */
function Pendent({ props, ctx }: PageComponentRenderProps<'pendent'>) {
  const { settings, stats, session, loginPrompt } = useStores();
  const { events: pageEvents, face } = usePageStores();
  const follow = useLinkFollower(ctx);
  const [praise] = useState(createPraiseStore);
  const [sharing] = useState(createShareSheetStore);
  // The open fold-out list: the more-menu's folded buttons, or a button's own `child` buttons.
  const [list, setList] = useState<{ of: string; items: PendantItem[] } | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const g = ctx.gallery;
  const pc = windowWidth() > WIDE_SCREEN;
  const globalShareOff = session.sysinfo?.share_off === true;
  const sharable = gallerySharable(g, globalShareOff);
  const home = g.parent_link_id || '';
  const state: PendantPageState = {
    face: !!g.config?.use_face,
    share: sharable,
    eventElsewhere: !!home && home !== g.link_id,
    env: clientEnv(),
    pc,
    offered: (key) => pageEvents.pendantOffered(key),
    orderLinkId: g.link_id || ''
  };
  const configured: PendantItem[] = (Array.isArray(props.buttons) ? props.buttons : []).filter((b): b is PendentButton => pendantUsable(b, state));
  // The desktop's lucky-draw button comes with the page's lucky draw (none exists yet: it offers nothing, so none shows).
  const buttons: PendantItem[] = pc && pageEvents.pendantOffered('lucky') ? [{ type: 'lucky' }, ...configured] : configured;
  const tabs = ctx.navShown ? Math.max(2, ctx.navTabs ?? 2) : 0;
  const hasTop = buttons.some((b) => b.type === 'top');
  // Without a top button of its own the page keeps a place for the list's back-to-top.
  const plan = planPendants(buttons, { pc, capacity: dockCapacity(tabs, hasTop ? 0 : 1) });
  const offsets = pendantOffsets({ navigator: tabs > 0, commentBar: pageEvents.commentBar, notch: bottomSafeInset() > 0 });

  // What the page shares (its menus, and the mini-program's share button) is the gallery page's (usePageShare there).

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

  const overlays = (
    <>
      <SettingsSheet wanted={settingsOpen} open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ShareSheet store={sharing} />
    </>
  );
  if (plan.shown.length === 0 && plan.folded.length === 0) return overlays;

  // Every tap: the menu folds and the button's stat event is recorded; then what it does.
  const tapped = (b: PendantItem) => {
    setList(null);
    if (b.event && g.link_id) stats.track({ type: 'event', linkid: g.link_id, value: b.event, extra: b.type });
  };
  const act = (b: PendantItem, key: string) => {
    // A custom button without a link of its own folds out its `child` list (a second tap folds it away).
    const ownAction = b.type !== 'custom' || (b.link && b.link.type !== 'empty');
    const children = ownAction ? [] : ((b as PendentButton).child ?? []).filter((c): c is PendentButton => pendantUsable(c, state));
    if (children.length > 0) {
      const open = list?.of === key;
      tapped(b);
      if (!open) setList({ of: key, items: children });
      return undefined;
    }
    tapped(b);
    switch (b.type) {
      case 'top':
        return scrollToTop();
      case 'refresh':
        return pageEvents.refresh();
      case 'lang':
        return settings.set('language', settings.locale === 'zh-CN' ? 'en-US' : 'zh-CN');
      case 'setting':
        return setSettingsOpen(true);
      case 'good':
        return void praise.praise(g.id);
      case 'people':
        return face.openFind(g.id);
      case 'share':
        // The share button itself shares (a browser's tap runs `share` below; the mini-program's is native).
        return undefined;
      case 'event':
        return follow(b.link && b.link.type !== 'empty' ? b.link : { type: 'home' });
      case 'order':
        if (b.link && b.link.type !== 'empty') return follow(b.link);
        // The Preorder button leads where tab 4 does, and like it a guest logs in first.
        return void loginPrompt.requireLogin('tab_order').then((ok) => ok && follow({ type: 'order', value: g.link_id }));
      case 'custom':
        return follow(b.link);
      case 'download':
      case 'jigsaw':
      case 'redpackage':
      case 'lucky':
        return void pageEvents.runPendant(b.type);
      default:
        return undefined;
    }
  };
  const count = (b: PendantItem) => (b.type === 'good' ? praise.count(g.id) : 0);
  const share = () => void openGalleryShare(sharing, g, globalShareOff);

  // Phones: the row's place and its fold-out list's (part 3 §9 offsets); desktops place it by the stylesheet.
  // A comment bar keeps the safe area under itself, so the row stands on it above that too.
  const rowBottom = pageEvents.commentBar ? `calc(${offsets.bar}px + env(safe-area-inset-bottom, 0px))` : `${offsets.bar}px`;
  const rowStyle = pc ? undefined : { bottom: rowBottom, paddingBottom: offsets.inset ? `${offsets.inset}px` : undefined };
  const listStyle = pc ? undefined : { bottom: `calc(${offsets.list}px + env(safe-area-inset-bottom, 0px))` };
  // With a comment bar the tab bar stands on it too (pages/gallery/index.scss), so the row stays in it.
  const docked = tabs > 0;
  const moreOpen = list?.of === 'more';
  const className = `pendent pendent--after-${pageEvents.dockOffset('pendent')}${pc ? ' pendent--pc' : docked ? ' pendent--docked' : ' pendent--own'}`;

  return (
    <>
      <View className={className} style={rowStyle} data-testid="pendent" data-slots={plan.slots} data-bottom={pc ? undefined : offsets.bar} data-list-bottom={pc ? undefined : offsets.list}>
        {plan.shown.map((b, i) => (
          <PendantSlot key={`${b.type}-${i}`} b={b} count={count(b)} galleryId={g.id} onTap={() => act(b, `shown-${i}`)} onShare={share} />
        ))}
        {plan.folded.length > 0 ? (
          <View
            className="pendent__slot"
            data-testid="pendent-more"
            role="button"
            aria-expanded={moreOpen}
            aria-label={t(moreOpen ? 'pendent.close' : 'pendent.more')}
            onClick={() => setList(moreOpen ? null : { of: 'more', items: plan.folded })}
          >
            <View className="pendent__button">
              <Icon name={moreOpen ? 'close' : 'menu'} className="pendent__icon" />
            </View>
          </View>
        ) : null}
      </View>
      {list && list.items.length > 0 ? (
        <View className="pendent__menu" style={listStyle} data-testid="pendent-menu" data-of={list.of}>
          {list.items.map((b, i) => (
            <PendantMenuItem key={`${b.type}-${i}`} b={b} count={count(b)} galleryId={g.id} onTap={() => act(b, `${list.of}-${i}`)} onShare={share} />
          ))}
        </View>
      ) : null}
      {overlays}
    </>
  );
}

export default observer(Pendent);
