import crypto from 'node:crypto';
import { resolveUploadSecret } from '../../storage/policy';

/** A signed image URL stays valid this long (seconds). */
export const SIGNED_URL_TTL_S = 300;
/** A ZIP download token stays valid this long (seconds). */
export const ZIP_TOKEN_TTL_S = 300;

export interface ImageGrant {
  hash: string;
  style: string;
  gallery: number;
  user: number;
  /** Unix seconds. */
  expires: number;
}

export interface ZipGrant {
  gallery: number;
  user: number;
  ids: number[];
  expires: number;
  /** Random: makes every token unique, so it can be used once. */
  nonce: string;
}

/** Verification outcome: the grant, or why it was refused. */
export type Verified<T> = { ok: true; grant: T } | { ok: false; reason: 'unsigned' | 'signature' | 'expired' };

const now = () => Math.floor(Date.now() / 1000);

function sameMac(a: string, b: string): boolean {
  const da = crypto.createHash('sha256').update(a).digest();
  const db = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(da, db) && a === b;
}

/**
 * HMAC-SHA256 signatures for image URLs and ZIP tokens. The key is derived from
 * the upload secret (UPLOAD_SECRET, or the generated `{DATA_DIR}/upload-secret`,
 * storage/policy.ts) with a purpose label, so the two uses never share a key and
 * every process sharing the upload secret checks the others' signatures.
 */
export class UrlSigner {
  private key: Buffer;

  constructor(secret: string) {
    this.key = crypto.createHmac('sha256', secret).update('image-url-signing-v1').digest();
  }

  static fromConfig(config: { uploadSecret: string | null; dataDir: string }): UrlSigner {
    return new UrlSigner(resolveUploadSecret(config));
  }

  private mac(text: string): string {
    return crypto.createHmac('sha256', this.key).update(text).digest('base64url');
  }

  /** s = HMAC over `hash|style|gallery|user|expiry`. */
  signImage(g: ImageGrant): string {
    return this.mac(`${g.hash}|${g.style}|${g.gallery}|${g.user}|${g.expires}`);
  }

  /** `/img/{hash}!{style}?g=&u=&e=&s=` (relative to the API host). */
  imageUrl(g: Omit<ImageGrant, 'expires'>, ttlS = SIGNED_URL_TTL_S, t = now()): { url: string; expires: number } {
    const grant = { ...g, expires: t + ttlS };
    const url = `/img/${g.hash}!${g.style}?g=${g.gallery}&u=${g.user}&e=${grant.expires}&s=${this.signImage(grant)}`;
    return { url, expires: grant.expires };
  }

  verifyImage(hash: string, style: string, gallery: number | undefined, q: { u?: string; e?: string; s?: string }, t = now()): Verified<ImageGrant> {
    if (gallery === undefined || !q.u || !q.e || !q.s) return { ok: false, reason: 'unsigned' };
    if (!/^\d{1,10}$/.test(q.u) || !/^\d{1,12}$/.test(q.e) || q.s.length > 100) return { ok: false, reason: 'signature' };
    const grant: ImageGrant = { hash, style, gallery, user: Number(q.u), expires: Number(q.e) };
    if (!sameMac(this.signImage(grant), q.s)) return { ok: false, reason: 'signature' };
    if (grant.expires <= t) return { ok: false, reason: 'expired' };
    return { ok: true, grant };
  }

  /** `{base64url JSON}.{mac}` */
  zipToken(g: Omit<ZipGrant, 'expires' | 'nonce'>, ttlS = ZIP_TOKEN_TTL_S, t = now()): { token: string; expires: number } {
    const grant: ZipGrant = { ...g, expires: t + ttlS, nonce: crypto.randomBytes(9).toString('base64url') };
    const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
    return { token: `${body}.${this.mac(`zip|${body}`)}`, expires: grant.expires };
  }

  verifyZip(token: string, t = now()): Verified<ZipGrant> {
    const m = /^([A-Za-z0-9_-]{1,4000})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
    if (!m) return { ok: false, reason: 'signature' };
    if (!sameMac(this.mac(`zip|${m[1]}`), m[2])) return { ok: false, reason: 'signature' };
    let grant: ZipGrant;
    try {
      grant = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as ZipGrant;
    } catch {
      return { ok: false, reason: 'signature' };
    }
    if (!(grant.expires > t)) return { ok: false, reason: 'expired' };
    return { ok: true, grant };
  }
}
