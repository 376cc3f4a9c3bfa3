import { actionNeedsLogin, countsForInvite, formFieldAction, isDefaultNickname, mustLogIn, tabAction } from '../../src/stores/login/loginGate';

describe('login gating (spec part 1 §6, part 3 §6)', () => {
  it.each(['pay', 'download', 'like', 'comment', 'form_phone', 'form_invite', 'tab_my_photo', 'tab_following', 'tab_me', 'tab_order', 'my_prize', 'poster_save'] as const)(
    'a guest must log in before %s',
    (action) => {
      expect(actionNeedsLogin(action)).toBe(true);
      expect(mustLogIn(action, true)).toBe(true);
      expect(mustLogIn(action, false)).toBe(false);
    }
  );

  it('lets guests view, share and fill ordinary fields', () => {
    for (const a of ['view', 'share', 'form_input'] as const) expect(mustLogIn(a, true)).toBe(false);
  });

  it('gates prize claims only while active_on is set', () => {
    expect(mustLogIn('prize_claim', true)).toBe(false);
    expect(mustLogIn('prize_claim', true, { activeOn: 0 })).toBe(false);
    expect(mustLogIn('prize_claim', true, { activeOn: 1 })).toBe(true);
    expect(mustLogIn('prize_claim', false, { activeOn: 1 })).toBe(false);
  });

  it('gates tabs 2 (My Photo), 3 (Following), 4 (order) and 5 (Me), not tab 0', () => {
    expect(mustLogIn(tabAction(0), true)).toBe(false);
    expect(tabAction(2)).toBe('tab_my_photo');
    expect(tabAction(3)).toBe('tab_following');
    expect(tabAction(4)).toBe('tab_order');
    expect(tabAction(5)).toBe('tab_me');
    for (const i of [2, 3, 4, 5]) expect(mustLogIn(tabAction(i), true)).toBe(true);
  });

  it('forces login for phone, invite and paid form fields only', () => {
    expect(mustLogIn(formFieldAction('form_phone'), true)).toBe(true);
    expect(mustLogIn(formFieldAction('form_invite'), true)).toBe(true);
    expect(mustLogIn(formFieldAction('form_pay'), true)).toBe(true);
    expect(mustLogIn(formFieldAction('form_textarea'), true)).toBe(false);
  });
});

describe('invite links (part 1 §6)', () => {
  const user = (over: Partial<{ openid: string; nickname: string; is_mock: boolean }> = {}) => ({ openid: 'u2', nickname: 'Ann', is_mock: false, ...over });

  it('treats an empty or WeChat placeholder nickname as the default one', () => {
    expect(isDefaultNickname('')).toBe(true);
    expect(isDefaultNickname('  ')).toBe(true);
    expect(isDefaultNickname('微信用户')).toBe(true);
    expect(isDefaultNickname('Ann')).toBe(false);
  });

  it('never counts the inviter themself', () => {
    expect(countsForInvite(user({ openid: 'u1' }), 'u1', false)).toBe(false);
    expect(countsForInvite(null, 'u1', false)).toBe(false);
  });

  it('with invite auth off, guests and default-nickname users count', () => {
    expect(countsForInvite(user({ is_mock: true, nickname: '' }), 'u1', false)).toBe(true);
    expect(countsForInvite(user({ nickname: '微信用户' }), 'u1', false)).toBe(true);
  });

  it('with invite auth on, guests and default-nickname users are excluded', () => {
    expect(countsForInvite(user({ is_mock: true, nickname: 'Ann' }), 'u1', true)).toBe(false);
    expect(countsForInvite(user({ nickname: '微信用户' }), 'u1', true)).toBe(false);
    expect(countsForInvite(user({ nickname: '' }), 'u1', true)).toBe(false);
    expect(countsForInvite(user(), 'u1', true)).toBe(true);
  });
});
