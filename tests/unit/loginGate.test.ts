import { actionNeedsLogin, formFieldAction, mustLogIn, tabAction } from '../../src/stores/loginGate';

describe('login gating (spec part 1 §6)', () => {
  it.each(['pay', 'download', 'like', 'form_phone', 'form_invite', 'tab_my_photo', 'tab_following', 'tab_me', 'tab_order'] as const)(
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
