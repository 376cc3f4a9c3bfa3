import crypto from 'node:crypto';
import { badRequest } from '../../errors';
import { qs, type LoginIdentity, type OAuthLoginProvider } from './provider';
import { AUTH_CALLBACK_PATH, NICKNAME_MAX, SANDBOX_APPROVE_PATH, SANDBOX_AUTHORIZE_PATH, SANDBOX_CODE_PREFIX, type QrLang } from '../../../../types/api/auth';
import { NO_FAVICON } from '../../services/h5/csp';


/** A sandbox display name: 1..NICKNAME_MAX characters, no control characters, no ':' (the code separator). */
export function sandboxName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name || [...name].length > NICKNAME_MAX || /[\u0000-\u001f\u007f:]/.test(name)) {
    throw badRequest(`Sandbox name must be 1 to ${NICKNAME_MAX} characters without ':'`);
  }
  return name;
}

/** A fresh single-use sandbox code for a name: `sandbox:<name>:<nonce>`. */
export function sandboxCode(name: string): string {
  return `${SANDBOX_CODE_PREFIX}${name}:${crypto.randomBytes(9).toString('base64url')}`;
}

/**
 * The local sandbox: completes the mini-program, H5 and desktop flows without
 * WeChat. The same name always gives the same sandbox user (openid `sandbox_…`).
 * It is never on together with real credentials (auth/config.ts).
 */
export class SandboxProvider implements OAuthLoginProvider {
  readonly id = 'sandbox' as const;

  constructor(private publicUrl: string) {}

  authorizeUrl(p: { state: string; redirectUri: string; lang: QrLang }): string {
    return `${this.publicUrl}${SANDBOX_AUTHORIZE_PATH}?${qs({ state: p.state, redirect_uri: p.redirectUri, scope: 'snsapi_userinfo', lang: p.lang })}`;
  }

  /** `sandbox:<name>` or `sandbox:<name>:<nonce>`. */
  async exchange(code: string): Promise<LoginIdentity> {
    if (!code.startsWith(SANDBOX_CODE_PREFIX)) throw badRequest(`Sandbox login codes look like ${SANDBOX_CODE_PREFIX}<name>`);
    const name = sandboxName(code.slice(SANDBOX_CODE_PREFIX.length).split(':')[0]);
    const openid = `sandbox_${crypto.createHash('sha256').update(name).digest('hex').slice(0, 24)}`;
    return { openid, nickname: name };
  }

  /** The only redirect_uri the sandbox page sends codes to: our own callback. */
  callbackUrl(): string {
    return `${this.publicUrl}${AUTH_CALLBACK_PATH}`;
  }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sandbox authorise page: clearly not WeChat, a nickname field and an Authorise button. */
export function sandboxAuthorizePage(p: { state: string; redirectUri: string; lang: QrLang }): string {
  const en = p.lang === 'en';
  const title = en ? 'Sandbox login — not WeChat' : '沙箱登录 — 不是微信 (Sandbox login — not WeChat)';
  const hint = en
    ? 'This local sandbox stands in for WeChat authorisation. Choose any nickname.'
    : '本地沙箱代替微信授权，任意填写昵称即可。';
  return `<!doctype html>
<html lang="${en ? 'en' : 'zh-CN'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">${NO_FAVICON}
<title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:10vh auto;padding:0 16px}
.badge{background:#f5a623;color:#000;padding:2px 8px;border-radius:4px;font-weight:600}
input,button{font-size:16px;padding:8px;width:100%;box-sizing:border-box;margin-top:8px}
button{background:#07c160;color:#fff;border:0;border-radius:4px}</style></head>
<body><p><span class="badge">SANDBOX</span></p><h1 data-testid="sandbox-title">${esc(title)}</h1><p>${esc(hint)}</p>
<form method="get" action="${SANDBOX_APPROVE_PATH}">
<input type="hidden" name="state" value="${esc(p.state)}">
<input type="hidden" name="redirect_uri" value="${esc(p.redirectUri)}">
<label>${en ? 'Nickname' : '昵称'}<input name="nickname" data-testid="sandbox-nickname" maxlength="${NICKNAME_MAX}" required value="${en ? 'Sandbox user' : '沙箱用户'}"></label>
<button type="submit" data-testid="sandbox-authorise">${en ? 'Authorise' : '授权 (Authorise)'}</button>
</form></body></html>`;
}
