import crypto from 'node:crypto';
import { StaleAccessTokenError, type Expiring, type OfficialAccountProvider } from './provider';

/** The sandbox's app id: wx.config with it works nowhere but here (tests, local runs). */
export const SANDBOX_OA_APPID = 'wxsandbox0jssdk00';

/**
 * The official account when none is configured: tokens and tickets made locally, valid
 * `lifeS` seconds like WeChat's. It counts what it was asked (tests check that the cache
 * asks once), can answer slowly (`delayMs`, so concurrent requests overlap) and refuses a
 * token it did not issue last, as WeChat does.
 */
export class SandboxOfficialAccount implements OfficialAccountProvider {
  readonly id = 'sandbox';
  readonly appId = SANDBOX_OA_APPID;
  tokenCalls = 0;
  ticketCalls = 0;
  private latestToken: string | null = null;

  constructor(private opts: { lifeS?: number; delayMs?: number } = {}) {}

  async fetchAccessToken(): Promise<Expiring> {
    this.tokenCalls++;
    await this.wait();
    this.latestToken = `sbx-token-${this.tokenCalls}-${crypto.randomBytes(6).toString('hex')}`;
    return { value: this.latestToken, expiresIn: this.opts.lifeS ?? 7200 };
  }

  async fetchJsapiTicket(accessToken: string): Promise<Expiring> {
    this.ticketCalls++;
    await this.wait();
    if (accessToken !== this.latestToken) throw new StaleAccessTokenError(40001);
    return { value: `sbx-ticket-${this.ticketCalls}-${crypto.randomBytes(6).toString('hex')}`, expiresIn: this.opts.lifeS ?? 7200 };
  }

  /** Forget the issued token, as WeChat does when the secret is reset or another server fetched one. */
  revokeToken(): void {
    this.latestToken = null;
  }

  private wait(): Promise<void> {
    const ms = this.opts.delayMs ?? 0;
    return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
  }
}
