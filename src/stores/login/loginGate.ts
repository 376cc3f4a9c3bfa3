/**
 * Which visitor actions need a real (authorised) user (spec part 1 §6, part 3 §6):
 * a guest (is_mock) must log in through WeChat authorisation before paying,
 * downloading, liking, commenting, submitting phone or invite forms, the My Photo,
 * Following, order and Me tabs (2, 3, 4, 5), the My prize panel and saving posters;
 * the active_on features (prize claim) only while active_on is set.
 */
export type GatedAction =
  | 'pay'
  | 'download'
  | 'like'
  | 'comment'
  | 'form_phone'
  | 'form_invite'
  | 'tab_my_photo'
  | 'tab_following'
  | 'tab_me'
  | 'tab_order'
  | 'my_prize'
  | 'poster_save'
  | 'prize_claim'
  | 'view'
  | 'share'
  | 'form_input';

const NEEDS_LOGIN: ReadonlySet<GatedAction> = new Set<GatedAction>([
  'pay',
  'download',
  'like',
  'comment',
  'form_phone',
  'form_invite',
  'tab_my_photo',
  'tab_following',
  'tab_me',
  'tab_order',
  'my_prize',
  'poster_save'
]);

/** Actions gated only while the gallery's active_on is set (part 3 §6: prize claim). */
const NEEDS_LOGIN_WHEN_ACTIVE: ReadonlySet<GatedAction> = new Set<GatedAction>(['prize_claim']);

export interface GateContext {
  /** The gallery's active_on (activity features on). */
  activeOn?: boolean | number;
}

export function actionNeedsLogin(action: GatedAction, ctx: GateContext = {}): boolean {
  return NEEDS_LOGIN.has(action) || (!!ctx.activeOn && NEEDS_LOGIN_WHEN_ACTIVE.has(action));
}

/** True when this visitor must be asked to log in before the action. */
export function mustLogIn(action: GatedAction, isGuest: boolean, ctx: GateContext = {}): boolean {
  return isGuest && actionNeedsLogin(action, ctx);
}

/** Bottom-navigation tab indexes (0 gallery list, 2 myself, 3 followers, 4 order, 5 me) as gated actions. */
export function tabAction(index: number): GatedAction {
  switch (index) {
    case 2:
      return 'tab_my_photo';
    case 3:
      return 'tab_following';
    case 4:
      return 'tab_order';
    case 5:
      return 'tab_me';
    default:
      return 'view';
  }
}

/** Form field types that force login for guests (spec part 1 §5). */
export function formFieldAction(type: string): GatedAction {
  if (type === 'form_phone') return 'form_phone';
  if (type === 'form_invite') return 'form_invite';
  if (type === 'form_pay') return 'pay';
  return 'form_input';
}

/** WeChat's placeholder nickname for users who have not filled in their own. */
export const WECHAT_DEFAULT_NICKNAME = '微信用户';

/** A user still on the default nickname: empty, or WeChat's placeholder. */
export function isDefaultNickname(nickname: string | null | undefined): boolean {
  const n = (nickname ?? '').trim();
  return !n || n === WECHAT_DEFAULT_NICKNAME;
}

/**
 * Whether this visitor counts for invite links (part 1 §6): never the inviter
 * themself; with invite auth on, guests and default-nickname users are excluded.
 */
export function countsForInvite(
  user: { openid: string; nickname: string; is_mock: boolean } | null,
  inviterOpenid: string,
  inviteAuth: boolean
): boolean {
  if (!user || user.openid === inviterOpenid) return false;
  if (inviteAuth && (user.is_mock || isDefaultNickname(user.nickname))) return false;
  return true;
}
