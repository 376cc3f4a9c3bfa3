import type { GalleryConfig } from '../../../types/api/gallery';
import type { NavigatorProps } from '../../../types/page/navigator';
import type { MessageKey } from '../../i18n';
import { toQuery } from '../../../types/routes';

/** Bottom navigation tab indexes (spec part 1 §2): 0 gallery list, 2 myself, 3 followers, 4 order, 5 me. */
export type TabIndex = 0 | 2 | 3 | 4 | 5;

export interface NavTab {
  index: TabIndex;
  label: MessageKey;
  /** Guests must authorise before this tab opens (spec part 3 §6: tabs 2, 3, 5; tab 4 too). */
  needsLogin: boolean;
}

export interface NavContext {
  config: Pick<GalleryConfig, 'active_on' | 'use_face'>;
  navigator: NavigatorProps | null;
  /** The page was opened in the order context (`?from=…`). */
  orderContext: boolean;
  /** The gallery sits under a parent page. */
  hasParent: boolean;
}

/** The tabs visible in a context, in order. */
export function visibleTabs(ctx: NavContext): NavTab[] {
  const homeLabel: MessageKey = ctx.hasParent ? 'nav.back' : ctx.navigator?.home_label === 'live' ? 'nav.live' : ctx.navigator?.home_label === 'back' ? 'nav.back' : 'nav.home';
  const tabs: NavTab[] = [{ index: 0, label: homeLabel, needsLogin: false }];
  if (ctx.config.active_on && ctx.config.use_face) {
    tabs.push({ index: 2, label: 'nav.myPhoto', needsLogin: true }, { index: 3, label: 'nav.following', needsLogin: true });
  }
  if (ctx.orderContext) tabs.push({ index: 4, label: 'nav.preorder', needsLogin: true });
  if (ctx.navigator?.show_my) tabs.push({ index: 5, label: 'nav.my', needsLogin: true });
  return tabs;
}

/** The navigator shows only with more than one visible tab. */
export function showNavigator(tabs: NavTab[]): boolean {
  return tabs.length > 1;
}

export type TabAction =
  | { kind: 'open'; url: string }
  | { kind: 'switch'; index: TabIndex }
  | { kind: 'none' };

/**
 * What tapping a tab does. Tab 0 on itself goes to the parent page; tabs 2 and 3
 * switch the gallery page's content; tab 4 opens /page/order/{link_id}; tab 5 /page/me.
 */
export function tabAction(
  tab: TabIndex,
  current: TabIndex,
  g: { link_id: string; parent_link_id: string | null },
  /** The order context of the page (`?from=&from_id=`): carried to the order page, so its way back keeps the Preorder tab. */
  order: { from?: string; from_id?: string } = {}
): TabAction {
  switch (tab) {
    case 0:
      if (current !== 0) return { kind: 'switch', index: 0 };
      return g.parent_link_id ? { kind: 'open', url: `/g/${g.parent_link_id}` } : { kind: 'none' };
    case 2:
    case 3:
      return current === tab ? { kind: 'none' } : { kind: 'switch', index: tab };
    case 4:
      return { kind: 'open', url: `/page/order/${g.link_id}${toQuery({ from: order.from ?? '', from_id: order.from_id ?? '' })}` };
    case 5:
      return { kind: 'open', url: '/page/me' };
  }
}
