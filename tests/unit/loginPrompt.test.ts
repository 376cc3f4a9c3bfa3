import { LoginPromptStore } from '../../src/stores/LoginPromptStore';

describe('LoginPromptStore', () => {
  it('lets logged-in visitors through without a prompt', async () => {
    const s = new LoginPromptStore(() => false);
    await expect(s.requireLogin('like')).resolves.toBe(true);
    expect(s.isOpen).toBe(false);
  });

  it('shares one prompt between callers; ok says login is unavailable and answers false', async () => {
    const s = new LoginPromptStore(() => true);
    const a = s.requireLogin('like');
    const b = s.requireLogin('download');
    expect(s.phase).toBe('ask');
    expect(s.reason).toBe('like');
    s.confirm();
    expect(s.phase).toBe('unavailable');
    await expect(a).resolves.toBe(false);
    await expect(b).resolves.toBe(false);
    s.dismiss();
    expect(s.isOpen).toBe(false);
  });

  it('cancel answers false and closes', async () => {
    const s = new LoginPromptStore(() => true);
    const a = s.requireLogin('pay');
    s.cancel();
    await expect(a).resolves.toBe(false);
    expect(s.isOpen).toBe(false);
  });

  it('does not prompt for actions that need no login', async () => {
    const s = new LoginPromptStore(() => true);
    await expect(s.requireLogin('view')).resolves.toBe(true);
    expect(s.isOpen).toBe(false);
  });
});
