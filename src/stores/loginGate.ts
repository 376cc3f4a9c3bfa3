/**
 * Which visitor actions need a real (authorised) user (spec part 1 §6): a guest
 * (is_mock) must log in through WeChat authorisation before paying, downloading,
 * liking, submitting phone or invite forms, or opening the active_on features
 * (My Photo, Following, Me tabs) and the order tab.
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
  'tab_order'
]);

export function actionNeedsLogin(action: GatedAction): boolean {
  return NEEDS_LOGIN.has(action);
}

/** True when this visitor must be asked to log in before the action. */
export function mustLogIn(action: GatedAction, isGuest: boolean): boolean {
  return isGuest && actionNeedsLogin(action);
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
