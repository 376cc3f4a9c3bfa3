import { LoginPromptStore } from './LoginPromptStore';
import type { SessionStore } from '../session/SessionStore';
import { login, oauthUrl } from './loginFlow';
import { readStored, removeStored, writeStored } from '../../platform/storage';
import { toast } from '../../platform/ui';
import { updateProfile } from '../../api/auth';
import { uploadAvatar } from '../../api/avatar';
import { i18n, t } from '../../i18n';

/** The app's shared login prompt, wired to the session and the platform's login flows. */
export function createLoginPrompt(session: SessionStore): LoginPromptStore {
  return new LoginPromptStore({
    isGuest: () => session.isGuest,
    user: () => session.user,
    loginInfo: () => session.sysinfo?.login,
    isPc: () => session.isPc,
    refresh: () => session.refresh(),
    login,
    oauthUrl: (path, lang) => oauthUrl(path, lang),
    saveProfile: updateProfile,
    uploadAvatar,
    toast: (key) => toast(t(key)),
    lang: () => (i18n.locale === 'en-US' ? 'en' : 'cn'),
    storage: { read: (k) => readStored<unknown>(k, null), write: writeStored, remove: removeStored }
  });
}
