import type { LoginPath, QrLang } from '../../../types/api/auth';
import { mpLogin, oauthStart } from '../../api/auth';
import { currentPath, goTo, loginMode, miniProgramLoginCode, oauthProvider } from '../../platform/login';

/** The provider page for a browser login (WeChat, the QR page or the sandbox page), bound to this session. */
export async function oauthUrl(path: LoginPath, lang: QrLang, redirect = currentPath()): Promise<string> {
  const provider = oauthProvider(path);
  if (!provider) throw new Error(`no browser login for path ${path}`);
  return (await oauthStart(provider, redirect, lang)).url;
}

export type LoginOutcome = 'done' | 'navigating' | 'popup' | 'none';

/**
 * One login for the session's path: the mini-program posts its login code and
 * finishes here ('done'); a phone browser leaves for the provider ('navigating');
 * a desktop gets the popup ('popup': the caller shows it with `oauthUrl` and polls
 * the session); 'none' when no login exists for this visitor. The platform gives
 * the code or leaves the page; the server calls are made here.
 */
export async function login(
  path: LoginPath,
  opts: { isPc: boolean; sandbox: boolean; lang: QrLang; beforeLeave?: () => void }
): Promise<LoginOutcome> {
  const mode = loginMode(path, opts.isPc);
  if (mode === 'none') return 'none';
  if (mode === 'popup') return 'popup';
  if (mode === 'mp') {
    await mpLogin(await miniProgramLoginCode(opts.sandbox));
    return 'done';
  }
  const url = await oauthUrl(path, opts.lang);
  opts.beforeLeave?.();
  goTo(url);
  return 'navigating';
}
