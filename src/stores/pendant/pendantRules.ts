import type { PendentButton, PendentType } from '../../../types/page/pendent';
import type { ClientEnv } from '../../../types/api/session';

/**
 * The pendants' rules (spec part 1 §2 pendants, part 2 §5, part 3 §9), free of UI and
 * platform: which buttons a page shows, the badge text, and where the list sits.
 */

/** A pendant action a feature of the page offers while it is mounted; `lucky` is the PC lucky-draw button. */
export type PendantActionKey = PendentType | 'lucky';

/**
 * Buttons that act on something another part of the page provides: the photo list
 * (download, collage), the red packet and the lucky draw. They show only while that
 * part registers its action (PageEventsStore.offerPendant), so a page without it, or
 * a feature that does not exist yet, never shows a dead button.
 */
export const OFFERED_PENDANTS: ReadonlySet<PendantActionKey> = new Set<PendantActionKey>(['download', 'jigsaw', 'redpackage', 'lucky']);

/** What decides whether a configured button works on this page. */
export interface PendantPageState {
  /** The gallery's face search is on (use_face): the Find ('people') button. */
  face: boolean;
  /** Sharing is allowed (config share_off is not 1). */
  share: boolean;
  /** The page is not the event's top page (or the button has its own link): the event button leads somewhere else. */
  eventElsewhere: boolean;
  /** Where the visitor is: download shows only in the chat app (spec part 2 §5) or on a desktop. */
  env: ClientEnv;
  pc: boolean;
  /** Actions the page's features offer now. */
  offered: (key: PendantActionKey) => boolean;
  /** The order link id (the page's link id): the order button needs one. */
  orderLinkId: string;
}

/** Spec part 2 §5: 'Download pendant only in the mobile chat-app browser or on desktop.' The mini-program runs inside the chat app. */
export function downloadPendantAllowed(env: ClientEnv, pc: boolean): boolean {
  return pc || env === 'wechat' || env === 'weapp';
}

/** A button that does something on this page; the rest are left out (never a dead button). */
export function pendantUsable(b: PendentButton | null | undefined, s: PendantPageState): b is PendentButton {
  if (!b || typeof b !== 'object') return false;
  switch (b.type) {
    case 'download':
      return downloadPendantAllowed(s.env, s.pc) && s.offered('download');
    case 'jigsaw':
    case 'redpackage':
      return s.offered(b.type);
    case 'people':
      return s.face;
    case 'share':
      return s.share;
    case 'event':
      return s.eventElsewhere || hasLink(b);
    case 'order':
      return !!s.orderLinkId || hasLink(b);
    case 'custom':
      return !!b.image || hasLink(b) || (!!b.child && b.child.some((c) => pendantUsable(c, s)));
    case 'good':
    case 'refresh':
    case 'setting':
    case 'lang':
    case 'top':
      return true;
    default:
      return false;
  }
}

function hasLink(b: PendentButton): boolean {
  return !!b.link && !!b.link.type && b.link.type !== 'empty';
}

/** Desktop pendants (spec part 1 §2: 'PC: lucky-draw button, good button, language button'), in this order. */
export const PC_PENDANTS: readonly PendantActionKey[] = ['lucky', 'good', 'lang'];

/** Spec part 3 §9: the pendant badge is capped at 99. Empty for nothing to count. */
export const BADGE_MAX = 99;
export function badgeText(n: number): string {
  const v = Math.floor(Number(n) || 0);
  if (v <= 0) return '';
  return v > BADGE_MAX ? `${BADGE_MAX}+` : String(v);
}

/** Spec part 3 §9: pendant z-index 3; bottom offsets 22 (notch), 49 (navigator), 66 (comment bar), CSS px. */
export const PENDANT_Z_INDEX = 3;
export const PENDANT_OFFSET_NOTCH = 22;
export const PENDANT_OFFSET_NAVIGATOR = 49;
export const PENDANT_OFFSET_COMMENT_BAR = 66;

/** What lies under the pendants at the bottom of a phone's screen. */
export interface PendantBars {
  /** The bottom navigation's tab bar (49 px). */
  navigator: boolean;
  /** The comment send bar (66 px). */
  commentBar: boolean;
  /** The screen has a notch / home indicator (a bottom safe-area inset). */
  notch: boolean;
}

/**
 * Where the phone's pendant list sits, in CSS px from the screen's bottom edge:
 * `list` is the bottom of the fold-out list (the more-menu), `bar` the bottom of the
 * row of buttons, `inset` the room the row keeps under its buttons.
 *
 * - comment bar (`commentsend`): the row stands on it, 66 px up (so does the tab bar, whose right
 *   end it still shares), and its list opens above the row;
 * - navigator: the row shares the tab bar (which leaves its right end free), so the
 *   list opens 49 px up, above the bar;
 * - neither: the row is a bar of its own at the bottom edge, 49 px high like the tab
 *   bar, the list opening above it; on a notched screen the row keeps 22 px free under
 *   its buttons (over the home indicator), and the list rises by the same.
 */
export function pendantOffsets(b: PendantBars): { bar: number; list: number; inset: number } {
  if (b.commentBar) return { bar: PENDANT_OFFSET_COMMENT_BAR, list: PENDANT_OFFSET_COMMENT_BAR + PENDANT_OFFSET_NAVIGATOR, inset: 0 };
  const inset = b.notch && !b.navigator ? PENDANT_OFFSET_NOTCH : 0;
  return { bar: 0, list: PENDANT_OFFSET_NAVIGATOR + inset, inset };
}
