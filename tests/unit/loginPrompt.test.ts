import { LoginPromptStore, RESUME_KEY, RESUME_MAX_AGE_MS, type LoginPromptDeps } from '../../src/stores/login/LoginPromptStore';
import type { LoginPath } from '../../types/api/auth';

/** A store over a fake session: `login` turns the guest into a user unless told otherwise. */
function fake(path: LoginPath, over: Partial<LoginPromptDeps> = {}) {
  const state = { guest: true, nickname: '', photo: '' };
  const mem = new Map<string, unknown>();
  const toasts: string[] = [];
  const deps: Partial<LoginPromptDeps> = {
    isGuest: () => state.guest,
    user: () => ({ openid: 'o', nickname: state.nickname, photo: state.photo, is_mock: state.guest }),
    loginInfo: () => ({ providers: [], sandbox: true, path }),
    refresh: jest.fn(async () => undefined),
    login: jest.fn(async () => {
      state.guest = false;
      return 'done' as const;
    }),
    toast: (k) => void toasts.push(k),
    storage: { read: (k) => mem.get(k), write: (k, v) => void mem.set(k, v), remove: (k) => void mem.delete(k) },
    ...over
  };
  return { store: new LoginPromptStore(deps), state, mem, toasts, deps };
}

describe('LoginPromptStore', () => {
  it('lets logged-in visitors through without a prompt', async () => {
    const s = new LoginPromptStore(() => false);
    await expect(s.requireLogin('like')).resolves.toBe(true);
    expect(s.isOpen).toBe(false);
  });

  it('shares one prompt; ok logs in and every waiting caller goes on', async () => {
    const { store, state } = fake('mp');
    state.nickname = 'Ann';
    state.photo = 'https://x/a.png';
    const a = store.requireLogin('like');
    const b = store.requireLogin('download');
    expect(store.phase).toBe('ask');
    expect(store.reason).toBe('like');
    await store.confirm();
    await expect(a).resolves.toBe(true);
    await expect(b).resolves.toBe(true);
    expect(store.isOpen).toBe(false);
  });

  it('shows the profile sheet after a first mini-program login on the default nickname', async () => {
    const save = jest.fn(async () => undefined);
    const { store } = fake('mp', { saveProfile: save });
    const a = store.requireLogin('like');
    await store.confirm();
    await expect(a).resolves.toBe(true);
    expect(store.phase).toBe('profile');
    await store.saveProfile({ nickname: ' Ann ', avatar: 'https://x/a.png' });
    expect(save).toHaveBeenCalledWith({ nickname: 'Ann', avatar: 'https://x/a.png' });
    expect(store.isOpen).toBe(false);
  });

  it('a failed login answers false with a toast', async () => {
    const { store, toasts } = fake('mp', { login: async () => Promise.reject(new Error('code used')) });
    const a = store.requireLogin('pay');
    await store.confirm();
    await expect(a).resolves.toBe(false);
    expect(toasts).toEqual(['login.failed']);
    expect(store.isOpen).toBe(false);
  });

  it("path 'none': ok says login is unavailable and answers false", async () => {
    const { store } = fake('none');
    const a = store.requireLogin('like');
    await store.confirm();
    expect(store.phase).toBe('unavailable');
    await expect(a).resolves.toBe(false);
    store.dismiss();
    expect(store.isOpen).toBe(false);
  });

  it('cancel answers false and closes', async () => {
    const { store } = fake('sandbox');
    const a = store.requireLogin('pay');
    store.cancel();
    await expect(a).resolves.toBe(false);
    expect(store.isOpen).toBe(false);
  });

  it('does not prompt for actions that need no login', async () => {
    const s = new LoginPromptStore(() => true);
    await expect(s.requireLogin('view')).resolves.toBe(true);
    expect(s.isOpen).toBe(false);
  });

  it('popup: polls the session until the visitor is a real user, and the language toggle asks for a new page', async () => {
    jest.useFakeTimers();
    try {
      const oauthUrl = jest.fn(async (_p: LoginPath, lang: string) => `/sandbox/oauth/authorize?lang=${lang}`);
      const { store, state } = fake('qr', { login: async () => 'popup', oauthUrl, pollMs: 1000 });
      const a = store.requireLogin('like');
      await store.confirm();
      expect(store.phase).toBe('popup');
      expect(store.popupUrl).toBe('/sandbox/oauth/authorize?lang=cn');
      await store.setPopupLang('en');
      expect(store.popupUrl).toBe('/sandbox/oauth/authorize?lang=en');
      await jest.advanceTimersByTimeAsync(1000);
      expect(store.phase).toBe('popup');
      state.guest = false;
      await jest.advanceTimersByTimeAsync(1000);
      await expect(a).resolves.toBe(true);
      expect(store.isOpen).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it('closing the popup answers false', async () => {
    const { store, toasts } = fake('qr', { login: async () => 'popup', oauthUrl: async () => '/q' });
    const a = store.requireLogin('like');
    await store.confirm();
    store.closePopup();
    await expect(a).resolves.toBe(false);
    expect(toasts).toEqual(['login.cancelled']);
  });

  it('a login that leaves the page keeps the place and the action; after the reload both come back once, the action for a real user only', async () => {
    let t = 1_000;
    const { store, state, mem } = fake('wechat', {
      login: async (_p, o) => {
        o.beforeLeave?.();
        return 'navigating';
      },
      now: () => t
    });
    // The page says where the visitor is: scrolled down, the viewer on photo 7.
    const stop = store.places.trackPlace(() => ({ scroll: 1234, photo: { id: 7, gallery: 9 } }));
    void store.requireLogin('like', { photo: 7, gallery: 9, path: '/p' });
    await store.confirm();
    expect(store.phase).toBe('working');
    expect(mem.get(RESUME_KEY)).toMatchObject({ kind: 'like', data: { photo: 7, gallery: 9, path: '/p' }, place: { scroll: 1234, photo: { id: 7, gallery: 9 } } });
    stop();
    const storage = { read: (k: string) => mem.get(k), write: (k: string, v: unknown) => void mem.set(k, v), remove: (k: string) => void mem.delete(k) };
    // Back after the reload as a real user: the place and the like, once.
    state.guest = false;
    const back = new LoginPromptStore({ isGuest: () => state.guest, storage, now: () => t });
    expect(back.takeReturn()).toEqual({ action: { kind: 'like', data: { photo: 7, gallery: 9, path: '/p' } }, place: { scroll: 1234, photo: { id: 7, gallery: 9 } } });
    expect(back.takeReturn()).toBeNull();
    // Back still a guest (the visitor turned the login down): the place only.
    state.guest = true;
    mem.set(RESUME_KEY, { kind: 'like', data: { photo: 7, gallery: 9 }, place: { scroll: 40 }, at: t });
    expect(back.takeReturn()).toEqual({ action: null, place: { scroll: 40 } });
    // Whatever storage holds is checked: a bad place is no place, a bad photo no photo.
    state.guest = false;
    mem.set(RESUME_KEY, { kind: 'pay', data: { photo: 3, gallery: 9 }, place: { scroll: 'x', photo: { id: -1, gallery: 'g' } }, at: t });
    expect(back.takeReturn()).toEqual({ action: { kind: 'pay', data: { photo: 3, gallery: 9 } }, place: { scroll: 0 } });
    // A stale one is dropped.
    mem.set(RESUME_KEY, { kind: 'like', data: {}, at: t });
    t += RESUME_MAX_AGE_MS + 1;
    expect(back.takeReturn()).toBeNull();
    expect(mem.has(RESUME_KEY)).toBe(false);
  });

  it('a gated tap without an action to resume (a tab) still keeps the place', async () => {
    const { store, mem } = fake('wechat', {
      login: async (_p, o) => {
        o.beforeLeave?.();
        return 'navigating';
      }
    });
    store.places.trackPlace(() => ({ scroll: 300 }));
    void store.requireLogin('tab_me');
    await store.confirm();
    expect(mem.get(RESUME_KEY)).toMatchObject({ kind: 'tab_me', data: {}, place: { scroll: 300 } });
  });

  it('the open sheet is kept with the place (its component describes it) and read back checked', async () => {
    let t = 5;
    const { store, state, mem } = fake('wechat', {
      login: async (_p, o) => {
        o.beforeLeave?.();
        return 'navigating';
      },
      now: () => t
    });
    store.places.trackPlace(() => ({ scroll: 10 }));
    const closed = store.places.trackSheet(() => null);
    const stop = store.places.trackSheet(() => ({ kind: 'selection', data: { gallery: 3, purpose: 'download', ids: [4, 5], then: 'download' } }));
    void store.requireLogin('download');
    await store.confirm();
    expect(mem.get(RESUME_KEY)).toMatchObject({ place: { scroll: 10, sheet: { kind: 'selection', data: { ids: [4, 5] } } } });
    stop();
    closed();
    expect(store.places.current()).toEqual({ scroll: 10 });
    state.guest = false;
    const storage = { read: (k: string) => mem.get(k), write: (k: string, v: unknown) => void mem.set(k, v), remove: (k: string) => void mem.delete(k) };
    const back = new LoginPromptStore({ isGuest: () => state.guest, storage, now: () => t });
    expect(back.takeReturn()?.place?.sheet).toEqual({ kind: 'selection', data: { gallery: 3, purpose: 'download', ids: [4, 5], then: 'download' } });
    // Whatever storage holds is checked: bad fields are dropped, a bad sheet is no sheet.
    mem.set(RESUME_KEY, { kind: 'download', data: {}, place: { scroll: 1, sheet: { kind: 'selection', data: { ids: [1, 'x'], ok: 2, f: { a: 1 } } } }, at: t });
    expect(back.takeReturn()?.place).toEqual({ scroll: 1, sheet: { kind: 'selection', data: { ok: 2 } } });
    mem.set(RESUME_KEY, { kind: 'download', data: {}, place: { scroll: 1, sheet: { kind: 7, data: {} } }, at: t });
    expect(back.takeReturn()?.place).toEqual({ scroll: 1 });
    // A sheet handed back waits for its component, once.
    back.places.restoreSheet({ kind: 'selection', data: {} });
    expect(back.places.takeSheet('jigsaw')).toBeNull();
    expect(back.places.takeSheet('selection')).toEqual({ kind: 'selection', data: {} });
    expect(back.places.takeSheet('selection')).toBeNull();
    t++;
  });
});
