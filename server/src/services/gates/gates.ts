import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '../../db';
import { AppError, badRequest } from '../../errors';
import type { RateLimiter } from '../shared/rateLimit';
import { ErrorCode } from '../../../../types/envelope';
import type { AccessType } from '../../../../types/api/gallery';
import { PASS_TTL_S, type GateKind, type IsPassResponse, type NoPermissionData } from '../../../../types/api/permission';
import { imageAssetUses } from '../photos/repository';
import { ImageTickets } from './imageTickets';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const now = () => Math.floor(Date.now() / 1000);

/** Gates are checked pgdata (the page) first, then watermark (the photos). */
export const GATE_KINDS: readonly GateKind[] = ['pgdata', 'watermark'];
export { PASSWORD_MAX_LEN } from '../../../../types/api/permission';
/** Password checks: per IP and gate, and per gate from everywhere (issue 5 item 6). */
export const PASSWORD_LIMIT_IP = { limit: 10, windowS: 60 };
export const PASSWORD_LIMIT_GALLERY = { limit: 100, windowS: 3600 };
const GATE_CACHE_MS = 5000;
/** Ancestors looked at for inherited page gates (a parent loop stops here). */
const MAX_DEPTH = 32;

export interface GateRow {
  gallery_id: number;
  kind: GateKind;
  access_type: AccessType;
  password_hash: string | null;
  password_salt: string | null;
  phone_whitelist: string[];
}

/**
 * One gate a visitor must pass to see a gallery's photos: the gallery's own gates
 * (depth 0), and the page (pgdata) gate of every ancestor, since a page gate covers
 * the page's sub-pages too. Ordered outermost ancestor first, then pgdata before
 * watermark: the order in which a visitor passes them.
 */
export interface GateRequirement extends GateRow {
  /** 0: the gallery's own gate; n: its n-th ancestor's page gate. */
  depth: number;
}

export type Gates = Partial<Record<GateKind, GateRow>>;

/** scrypt with a fresh per-gate salt (hex strings, as stored in gallery_gates). */
export async function hashGatePassword(password: string): Promise<{ hash: string; salt: string }> {
  const salt = crypto.randomBytes(16);
  return { hash: (await scrypt(password, salt, 32)).toString('hex'), salt: salt.toString('hex') };
}

export function noPermission(data: NoPermissionData, status?: number): AppError {
  return new AppError(ErrorCode.NO_PERMISSION, 'Permission Error', data, status);
}

const missingOf = (r: GateRequirement): NoPermissionData => ({ gallery_id: r.gallery_id, kind: r.kind, access_type: r.access_type });
/** Key of a pass in passesOf's answer. */
export const passKey = (galleryId: number, kind: GateKind) => `${galleryId}:${kind}`;

/** Gate requirements, passes, password checks and image tickets. No HTTP objects: the viewer is a user id. */
export class GateService {
  private cache = new Map<number, { at: number; reqs: GateRequirement[] }>();
  private anyGate: { at: number; value: boolean } | null = null;
  /** Bumped by forget(): a read that started before a change does not cache what it found. */
  private generation = 0;
  private tickets: ImageTickets;

  constructor(
    private db: Db,
    private limits: RateLimiter,
    secret: string
  ) {
    this.tickets = new ImageTickets(secret);
  }

  /**
   * For the live channel: until when each of `userIds` holds every pass the gallery needs,
   * its own gates and the page gates it inherits (the earliest expiry among them). `gated`
   * false: the gallery needs none (no end). Users missing from `until` lack a pass. Read
   * fresh, never from a Viewer's memo.
   */
  async passExpiries(userIds: number[], galleryId: number): Promise<{ gated: boolean; until: Map<number, number> }> {
    const needed = await this.requirementsOf(galleryId);
    const until = new Map<number, number>();
    if (!needed.length) return { gated: false, until };
    if (!userIds.length) return { gated: true, until };
    const { rows } = await this.db.query<{ user_id: number; gallery_id: number; kind: GateKind; expires_at: number }>(
      'SELECT user_id, gallery_id, kind, expires_at FROM gate_passes WHERE gallery_id = ANY($1::int[]) AND user_id = ANY($2::int[]) AND expires_at > $3',
      [[...new Set(needed.map((r) => r.gallery_id))], [...new Set(userIds)], now()]
    );
    const byUser = new Map<number, Map<string, number>>();
    for (const r of rows) {
      const user = Number(r.user_id);
      if (!byUser.has(user)) byUser.set(user, new Map());
      byUser.get(user)!.set(passKey(Number(r.gallery_id), r.kind), Number(r.expires_at));
    }
    for (const [user, held] of byUser) {
      const keys = needed.map((r) => passKey(r.gallery_id, r.kind));
      if (keys.every((k) => held.has(k))) until.set(user, Math.min(...keys.map((k) => held.get(k)!)));
    }
    return { gated: true, until };
  }

  /** A gate changed (GateSettings): every cached requirement goes, since a page gate reaches its sub-pages. */
  forget(): void {
    this.generation++;
    this.cache.clear();
    this.anyGate = null;
  }

  /** What a visitor must pass for this gallery (see GateRequirement; 5 s cache: the image route asks often). */
  async requirementsOf(galleryId: number): Promise<GateRequirement[]> {
    const hit = this.cache.get(galleryId);
    if (hit && Date.now() - hit.at < GATE_CACHE_MS) return hit.reqs;
    const generation = this.generation;
    const { rows } = await this.db.query<GateRequirement>(
      `WITH RECURSIVE chain(id, parent, depth) AS (
         SELECT id, parent, 0 FROM galleries WHERE id = $1
         UNION ALL
         SELECT g.id, g.parent, c.depth + 1 FROM chain c JOIN galleries g ON g.id = c.parent
         WHERE c.parent <> 0 AND g.id <> $1 AND c.depth < ${MAX_DEPTH}
       )
       SELECT c.depth, gg.gallery_id, gg.kind, gg.access_type, gg.password_hash, gg.password_salt, gg.phone_whitelist
       FROM chain c JOIN gallery_gates gg ON gg.gallery_id = c.id
       WHERE gg.access_type <> 'free' AND (c.depth = 0 OR gg.kind = 'pgdata')
       ORDER BY c.depth DESC, (gg.kind = 'pgdata') DESC`,
      [galleryId]
    );
    // A loop among ancestors would list a gate twice: keep its first (outermost) place.
    const byKey = new Map<string, GateRequirement>();
    for (const r of rows) {
      const req = { ...r, depth: Number(r.depth), gallery_id: Number(r.gallery_id), phone_whitelist: r.phone_whitelist ?? [] };
      if (!byKey.has(passKey(req.gallery_id, req.kind))) byKey.set(passKey(req.gallery_id, req.kind), req);
    }
    const reqs = [...byKey.values()];
    if (generation !== this.generation) return reqs;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(galleryId, { at: Date.now(), reqs });
    return reqs;
  }

  /** The gallery's own non-free gates. */
  async gatesOf(galleryId: number): Promise<Gates> {
    const gates: Gates = {};
    for (const r of await this.requirementsOf(galleryId)) if (r.depth === 0 && r.gallery_id === galleryId) gates[r.kind] = r;
    return gates;
  }

  /** Whether any gallery has a gate at all: lets ungated installs skip every check. */
  async anyGated(): Promise<boolean> {
    if (this.anyGate && Date.now() - this.anyGate.at < GATE_CACHE_MS) return this.anyGate.value;
    const generation = this.generation;
    const { rows } = await this.db.query("SELECT 1 FROM gallery_gates WHERE access_type <> 'free' LIMIT 1");
    const value = rows.length > 0;
    if (generation === this.generation) this.anyGate = { at: Date.now(), value };
    return value;
  }

  /** The user's live passes through these requirements: `galleryId:kind` → expiry (Unix seconds). */
  async passesOf(userId: number | null, reqs: GateRequirement[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (userId === null || !reqs.length) return out;
    const { rows } = await this.db.query<{ gallery_id: number; kind: GateKind; expires_at: number }>(
      'SELECT gallery_id, kind, expires_at FROM gate_passes WHERE user_id = $1 AND gallery_id = ANY($2::int[]) AND expires_at > $3',
      [userId, [...new Set(reqs.map((r) => r.gallery_id))], now()]
    );
    for (const r of rows) out.set(passKey(Number(r.gallery_id), r.kind), Number(r.expires_at));
    return out;
  }

  /** The first gate the user has not passed (outermost first, pgdata before watermark); null when none. `kinds` limits which count. */
  async missingGate(userId: number | null, galleryId: number, kinds: readonly GateKind[] = GATE_KINDS): Promise<NoPermissionData | null> {
    const reqs = (await this.requirementsOf(galleryId)).filter((r) => kinds.includes(r.kind));
    if (!reqs.length) return null;
    const passes = await this.passesOf(userId, reqs);
    const miss = reqs.find((r) => !passes.has(passKey(r.gallery_id, r.kind)));
    return miss ? missingOf(miss) : null;
  }

  /** Photos and everything made of them: every gate applies (a page gate covers its photos and its sub-pages too). */
  async assertPass(userId: number | null, galleryId: number, status?: number): Promise<void> {
    const missing = await this.missingGate(userId, galleryId);
    if (missing) throw noPermission(missing, status);
  }

  async grant(userId: number, galleryId: number, kind: GateKind): Promise<number> {
    const expires = now() + PASS_TTL_S;
    await this.db.query(
      `INSERT INTO gate_passes (user_id, gallery_id, kind, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, gallery_id, kind) DO UPDATE SET expires_at = $4`,
      [userId, galleryId, kind, expires]
    );
    return expires;
  }

  /**
   * The gate of this kind the visitor is asked to pass on this gallery's permission
   * page: the first one not passed yet (an ancestor's page gate before the gallery's
   * own), else the innermost one; null when the gallery has none of this kind.
   */
  async gateToPass(userId: number | null, galleryId: number, kind: GateKind): Promise<GateRequirement | null> {
    const reqs = (await this.requirementsOf(galleryId)).filter((r) => r.kind === kind);
    if (!reqs.length) return null;
    const passes = await this.passesOf(userId, reqs);
    return reqs.find((r) => !passes.has(passKey(r.gallery_id, r.kind))) ?? reqs[reqs.length - 1];
  }

  /** The ispass answer for one kind of gate of a gallery (its own, and for pgdata its ancestors'). */
  async status(userId: number | null, galleryId: number, kind: GateKind): Promise<IsPassResponse> {
    const all = await this.requirementsOf(galleryId);
    // The ticket opens image bytes, which need every gate: issued for a gated gallery once none is missing
    // (whichever kind is asked: a gallery gated by its page only still needs one for its <img> URLs).
    const ticket = async () => (all.length && !(await this.missingGate(userId, galleryId)) ? this.imageTicket(galleryId) : null);
    const reqs = all.filter((r) => r.kind === kind);
    if (!reqs.length) return { gallery_id: galleryId, kind, access_type: 'free', ispass: true, expires_at: null, image_ticket: await ticket() };
    const passes = await this.passesOf(userId, reqs);
    const open = reqs.find((r) => !passes.has(passKey(r.gallery_id, r.kind)));
    const expires = open ? null : Math.min(...reqs.map((r) => passes.get(passKey(r.gallery_id, r.kind))!));
    const shown = open ?? reqs[reqs.length - 1];
    return { gallery_id: galleryId, kind, access_type: shown.access_type, ispass: !open, expires_at: expires, image_ticket: open ? null : await ticket() };
  }

  /**
   * Password gate check for the gate of `kind` this gallery's page asks for (an
   * ancestor's page gate when that is the one still closed). Limits first, per gate,
   * so a locked-out guesser learns nothing and sub-pages add no tries. Wrong: 200209.
   */
  async checkPassword(userId: number, ip: string, galleryId: number, kind: GateKind, password: string): Promise<IsPassResponse> {
    const gate = await this.gateToPass(userId, galleryId, kind);
    if (!gate || gate.access_type !== 'password') throw badRequest(`This gallery has no password gate for ${kind}`);
    const holder = gate.gallery_id;
    await this.limits.enforce(`gate:pw:ip:${ip}:${holder}`, PASSWORD_LIMIT_IP, 'Too many password attempts, please try again later');
    await this.limits.enforce(`gate:pw:g:${holder}`, PASSWORD_LIMIT_GALLERY, 'Too many password attempts, please try again later');
    const expected = Buffer.from(gate.password_hash ?? '', 'hex');
    const got = await scrypt(password, Buffer.from(gate.password_salt ?? '', 'hex'), 32);
    if (expected.length !== got.length || !crypto.timingSafeEqual(expected, got)) {
      throw new AppError(ErrorCode.WRONG_PASSWORD, 'Wrong password');
    }
    await this.grant(userId, holder, kind);
    return this.status(userId, galleryId, kind);
  }

  /** `{expiry}.{mac}`: opens `/img/…?g={galleryId}` for the gallery's photos and its page's pictures until expiry (imageTickets.ts). */
  imageTicket(galleryId: number, t = now()): string {
    return this.tickets.issue(galleryId, t);
  }

  verifyImageTicket(galleryId: number, ticket: string | undefined): boolean {
    return this.tickets.verify(galleryId, ticket);
  }

  /**
   * May this image go out? Free when no gallery holding it is gated (or it is some
   * gallery's cover, outside 'original', so gate pages can show it). Otherwise the
   * named gallery `g` (or any gated holder when no free one holds it) must be
   * passed: by the session's pass, or by a valid ticket for `g`. Answers whether
   * the image was gated (and let through). Hidden photos hold nothing: an image
   * only they (or deleted ones) held is refused by the image plan for everyone.
   */
  async assertImage(userId: number | null, hash: string, style: string, galleryId: number | undefined, ticket: string | undefined): Promise<boolean> {
    if (!(await this.anyGated())) return false;
    const { rows } = await this.db.query<{ gallery_id: number; cover: boolean }>(
      `SELECT gallery_id, false AS cover FROM photos WHERE hash = $1 AND NOT hidden
       UNION SELECT id, true FROM galleries WHERE cover = $1`,
      [hash]
    );
    if (style !== 'original' && rows.some((r) => r.cover)) return false;
    if (!rows.length) return this.assertPagePicture(userId, hash, galleryId, ticket);
    const holders = [...new Set(rows.filter((r) => !r.cover).map((r) => Number(r.gallery_id)))];
    const named = galleryId !== undefined && holders.includes(galleryId) ? [galleryId] : holders;
    const gated: number[] = [];
    for (const id of named) if ((await this.requirementsOf(id)).length) gated.push(id);
    if (gated.length < named.length || !gated.length) return false; // a free holder serves the same bytes
    if (galleryId !== undefined && gated.includes(galleryId) && this.verifyImageTicket(galleryId, ticket)) return true;
    for (const id of gated) if (!(await this.missingGate(userId, id))) return true;
    throw noPermission((await this.missingGate(userId, gated[0]))!, 403);
  }

  /**
   * An image no visible photo holds and no cover shows: a page's own picture (a banner, an
   * icon, an image block), which follows its page data. Free when anything shown to
   * everyone names it (a share image, the config, a watermark, a gift) or a page without a
   * page gate does; otherwise one of the pages naming it must be open to the visitor: its
   * page (pgdata) gates passed, by the session or by a ticket for `g`. Unknown images pass
   * here and are answered 404 by the image plan.
   */
  private async assertPagePicture(userId: number | null, hash: string, galleryId: number | undefined, ticket: string | undefined): Promise<boolean> {
    const uses = await imageAssetUses(this.db, hash);
    if (!uses.length || uses.some((u) => !u.page_only)) return false;
    const pages = [...new Set(uses.map((u) => u.gallery_id))];
    const closed: number[] = [];
    for (const id of pages) if ((await this.requirementsOf(id)).some((r) => r.kind === 'pgdata')) closed.push(id);
    if (closed.length < pages.length) return false;
    if (galleryId !== undefined && closed.includes(galleryId) && this.verifyImageTicket(galleryId, ticket)) return true;
    for (const id of closed) if (!(await this.missingGate(userId, id, ['pgdata']))) return true;
    throw noPermission((await this.missingGate(userId, closed[0], ['pgdata']))!, 403);
  }
}
