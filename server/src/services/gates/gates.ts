import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '../../db';
import { AppError, badRequest, notFound } from '../../errors';
import type { RateLimiter } from '../shared/rateLimit';
import { ErrorCode } from '../../../../types/envelope';
import type { AccessType } from '../../../../types/api/gallery';
import { PASS_TTL_S, type GateKind, type IsPassResponse, type NoPermissionData, type PermissibilityResponse } from '../../../../types/api/permission';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const now = () => Math.floor(Date.now() / 1000);

/** Gates are checked pgdata (the page) first, then watermark (the photos). */
export const GATE_KINDS: readonly GateKind[] = ['pgdata', 'watermark'];
export { PASSWORD_MAX_LEN } from '../../../../types/api/permission';
import { PASSWORD_MAX_LEN } from '../../../../types/api/permission';
/** Password checks: per IP and gallery, and per gallery from everywhere (issue 5 item 6). */
export const PASSWORD_LIMIT_IP = { limit: 10, windowS: 60 };
export const PASSWORD_LIMIT_GALLERY = { limit: 100, windowS: 3600 };
const GATE_CACHE_MS = 5000;
/** Image tickets end on an hour boundary 1–2 hours ahead, so URLs stay the same (cacheable) within an hour. */
const TICKET_STEP_S = 3600;

export interface GateRow {
  gallery_id: number;
  kind: GateKind;
  access_type: AccessType;
  password_hash: string | null;
  password_salt: string | null;
  phone_whitelist: string[];
}

export interface GateSetting {
  access_type: AccessType;
  /** Required for 'password'. */
  password?: string;
  /** For 'phone': allowed numbers; empty or missing means any phone. */
  whitelist?: string[];
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

/** Gate settings, passes, password checks and image tickets. No HTTP objects: the viewer is a user id. */
export class GateService {
  private cache = new Map<number, { at: number; gates: Gates }>();
  private anyGate: { at: number; value: boolean } | null = null;
  private ticketKey: Buffer;

  constructor(
    private db: Db,
    private limits: RateLimiter,
    secret: string,
    /** Called after a gate of a gallery changed (setGate): the live channel re-checks that room (LiveAccess.gateChanged). */
    private onGateChanged?: (galleryId: number) => void
  ) {
    this.ticketKey = crypto.createHmac('sha256', secret).update('gate-image-ticket').digest();
  }

  /** Organiser side (seed, tests, organiser tools): set one gate of a gallery. */
  async setGate(galleryId: number, kind: GateKind, s: GateSetting): Promise<void> {
    let hash: string | null = null;
    let salt: string | null = null;
    if (s.access_type === 'password') {
      if (!s.password || s.password.length > PASSWORD_MAX_LEN) throw badRequest(`password must be 1 to ${PASSWORD_MAX_LEN} characters`);
      ({ hash, salt } = await hashGatePassword(s.password));
    }
    const whitelist = s.access_type === 'phone' ? [...new Set(s.whitelist ?? [])] : [];
    await this.db.tx(async (q) => {
      await q.query(
        `INSERT INTO gallery_gates (gallery_id, kind, access_type, password_hash, password_salt, phone_whitelist, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6::text[], $7)
         ON CONFLICT (gallery_id, kind) DO UPDATE SET access_type = $3, password_hash = $4, password_salt = $5, phone_whitelist = $6::text[], updated_at = $7`,
        [galleryId, kind, s.access_type, hash, salt, whitelist, now()]
      );
      // A changed gate voids the passes through it.
      await q.query('DELETE FROM gate_passes WHERE gallery_id = $1 AND kind = $2', [galleryId, kind]);
      // galleries.access_type: the page gate when set, else the photo gate (what cards show).
      await q.query(
        `UPDATE galleries SET access_type = COALESCE(
           (SELECT access_type FROM gallery_gates WHERE gallery_id = $1 AND access_type <> 'free' ORDER BY kind = 'pgdata' DESC LIMIT 1), 'free')
         WHERE id = $1`,
        [galleryId]
      );
    });
    this.forget(galleryId);
    this.onGateChanged?.(galleryId);
  }

  /** Drop the cached gates of a gallery (changed here, or by another process: a bus notice). */
  forget(galleryId: number): void {
    this.cache.delete(galleryId);
    this.anyGate = null;
  }

  /**
   * For the live channel: until when each of `userIds` holds every pass the gallery needs
   * (the earliest expiry among them). `gated` false: the gallery needs none (no end).
   * Users missing from `until` lack a pass. Read fresh, never from a Viewer's memo.
   */
  async passExpiries(userIds: number[], galleryId: number): Promise<{ gated: boolean; until: Map<number, number> }> {
    const gates = await this.gatesOf(galleryId);
    const needed = GATE_KINDS.filter((k) => gates[k]);
    const until = new Map<number, number>();
    if (!needed.length) return { gated: false, until };
    if (!userIds.length) return { gated: true, until };
    const { rows } = await this.db.query<{ user_id: number; kind: GateKind; expires_at: number }>(
      'SELECT user_id, kind, expires_at FROM gate_passes WHERE gallery_id = $1 AND user_id = ANY($2::int[]) AND expires_at > $3',
      [galleryId, [...new Set(userIds)], now()]
    );
    const byUser = new Map<number, Map<GateKind, number>>();
    for (const r of rows) {
      if (!byUser.has(r.user_id)) byUser.set(r.user_id, new Map());
      byUser.get(r.user_id)!.set(r.kind, Number(r.expires_at));
    }
    for (const [user, kinds] of byUser) {
      if (needed.every((k) => kinds.has(k))) until.set(user, Math.min(...needed.map((k) => kinds.get(k)!)));
    }
    return { gated: true, until };
  }

  /** The non-free gates of a gallery (5 s cache: the image route asks often). */
  async gatesOf(galleryId: number): Promise<Gates> {
    const hit = this.cache.get(galleryId);
    if (hit && Date.now() - hit.at < GATE_CACHE_MS) return hit.gates;
    const { rows } = await this.db.query<GateRow>(
      `SELECT gallery_id, kind, access_type, password_hash, password_salt, phone_whitelist FROM gallery_gates
       WHERE gallery_id = $1 AND access_type <> 'free'`,
      [galleryId]
    );
    const gates: Gates = {};
    for (const r of rows) gates[r.kind] = r;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(galleryId, { at: Date.now(), gates });
    return gates;
  }

  /** Whether any gallery has a gate at all: lets ungated installs skip every check. */
  async anyGated(): Promise<boolean> {
    if (this.anyGate && Date.now() - this.anyGate.at < GATE_CACHE_MS) return this.anyGate.value;
    const { rows } = await this.db.query("SELECT 1 FROM gallery_gates WHERE access_type <> 'free' LIMIT 1");
    this.anyGate = { at: Date.now(), value: rows.length > 0 };
    return this.anyGate.value;
  }

  /** Kinds the user holds a live pass for, per gallery. */
  async passesOf(userId: number | null, galleryIds: number[]): Promise<Map<number, Set<GateKind>>> {
    const out = new Map<number, Set<GateKind>>();
    if (userId === null || !galleryIds.length) return out;
    const { rows } = await this.db.query<{ gallery_id: number; kind: GateKind }>(
      'SELECT gallery_id, kind FROM gate_passes WHERE user_id = $1 AND gallery_id = ANY($2::int[]) AND expires_at > $3',
      [userId, galleryIds, now()]
    );
    for (const r of rows) {
      if (!out.has(r.gallery_id)) out.set(r.gallery_id, new Set());
      out.get(r.gallery_id)!.add(r.kind);
    }
    return out;
  }

  /** The first gate (pgdata, then watermark) the user has not passed; null when none. `kinds` limits which count. */
  async missingGate(userId: number | null, galleryId: number, kinds: readonly GateKind[] = GATE_KINDS): Promise<NoPermissionData | null> {
    const gates = await this.gatesOf(galleryId);
    const needed = kinds.filter((k) => gates[k]);
    if (!needed.length) return null;
    const passed = (await this.passesOf(userId, [galleryId])).get(galleryId) ?? new Set();
    const kind = needed.find((k) => !passed.has(k));
    return kind ? { gallery_id: galleryId, kind, access_type: gates[kind]!.access_type } : null;
  }

  /** Photos and everything made of them: both gates apply (a page gate covers its photos too). */
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

  /** The ispass answer for one gate. */
  async status(userId: number | null, galleryId: number, kind: GateKind): Promise<IsPassResponse> {
    const gate = (await this.gatesOf(galleryId))[kind];
    if (!gate) return { gallery_id: galleryId, kind, access_type: 'free', ispass: true, expires_at: null, image_ticket: null };
    let expires: number | null = null;
    if (userId !== null) {
      const { rows } = await this.db.query<{ expires_at: number }>(
        'SELECT expires_at FROM gate_passes WHERE user_id = $1 AND gallery_id = $2 AND kind = $3 AND expires_at > $4',
        [userId, galleryId, kind, now()]
      );
      expires = rows[0] ? Number(rows[0].expires_at) : null;
    }
    // The ticket opens image bytes, which need every gate: issue it only when none is missing.
    const ticket = expires !== null && !(await this.missingGate(userId, galleryId)) ? this.imageTicket(galleryId) : null;
    return { gallery_id: galleryId, kind, access_type: gate.access_type, ispass: expires !== null, expires_at: expires, image_ticket: ticket };
  }

  /** Password gate check (limits first, so a locked-out guesser learns nothing). Wrong: 200209. */
  async checkPassword(userId: number, ip: string, galleryId: number, kind: GateKind, password: string): Promise<IsPassResponse> {
    const gate = (await this.gatesOf(galleryId))[kind];
    if (!gate || gate.access_type !== 'password') throw badRequest(`This gallery has no password gate for ${kind}`);
    await this.limits.enforce(`gate:pw:ip:${ip}:${galleryId}`, PASSWORD_LIMIT_IP, 'Too many password attempts, please try again later');
    await this.limits.enforce(`gate:pw:g:${galleryId}`, PASSWORD_LIMIT_GALLERY, 'Too many password attempts, please try again later');
    const expected = Buffer.from(gate.password_hash ?? '', 'hex');
    const got = await scrypt(password, Buffer.from(gate.password_salt ?? '', 'hex'), 32);
    if (expected.length !== got.length || !crypto.timingSafeEqual(expected, got)) {
      throw new AppError(ErrorCode.WRONG_PASSWORD, 'Wrong password');
    }
    await this.grant(userId, galleryId, kind);
    return this.status(userId, galleryId, kind);
  }

  /** `{expiry}.{mac}`: opens `/img/…?g={galleryId}` for the gallery's photos until expiry. */
  imageTicket(galleryId: number, t = now()): string {
    const exp = (Math.floor(t / TICKET_STEP_S) + 2) * TICKET_STEP_S;
    return `${exp}.${this.ticketMac(galleryId, exp)}`;
  }

  verifyImageTicket(galleryId: number, ticket: string | undefined): boolean {
    if (!ticket || ticket.length > 100) return false;
    const m = /^(\d{1,12})\.([A-Za-z0-9_-]{22})$/.exec(ticket);
    if (!m || Number(m[1]) <= now()) return false;
    const expected = Buffer.from(this.ticketMac(galleryId, Number(m[1])));
    const got = Buffer.from(m[2]);
    return expected.length === got.length && crypto.timingSafeEqual(expected, got);
  }

  private ticketMac(galleryId: number, exp: number): string {
    return crypto.createHmac('sha256', this.ticketKey).update(`${galleryId}:${exp}`).digest('base64url').slice(0, 22);
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
    const holders = [...new Set(rows.filter((r) => !r.cover).map((r) => Number(r.gallery_id)))];
    const named = galleryId !== undefined && holders.includes(galleryId) ? [galleryId] : holders;
    const gated: number[] = [];
    for (const id of named) if (Object.keys(await this.gatesOf(id)).length) gated.push(id);
    if (gated.length < named.length || !gated.length) return false; // a free holder serves the same bytes
    if (galleryId !== undefined && gated.includes(galleryId) && this.verifyImageTicket(galleryId, ticket)) return true;
    for (const id of gated) if (!(await this.missingGate(userId, id))) return true;
    throw noPermission((await this.missingGate(userId, gated[0]))!, 403);
  }

  /** `GET /api/v2/permissibility?link=`: the gate page's facts and what to pass next. */
  async permissibility(userId: number | null, linkId: string): Promise<PermissibilityResponse> {
    const { rows } = await this.db.query<{ id: number; link_id: string; name: string; cover: string | null }>(
      'SELECT id, link_id, name, cover FROM galleries WHERE link_id = $1',
      [linkId]
    );
    if (!rows.length) throw notFound(`Gallery ${linkId} not found`);
    const g = rows[0];
    const gates = await this.gatesOf(g.id);
    const passed = (await this.passesOf(userId, [g.id])).get(g.id) ?? new Set<GateKind>();
    const view = (k: GateKind) => ({ access_type: gates[k]?.access_type ?? ('free' as AccessType), ispass: !gates[k] || passed.has(k) });
    const next = GATE_KINDS.find((k) => gates[k] && !passed.has(k)) ?? null;
    const state = next ? (gates[next]!.access_type as 'password' | 'phone') : Object.keys(gates).length ? 'passed' : 'free';
    return { gallery_id: g.id, link_id: g.link_id, name: g.name, cover: g.cover, state, kind: next, gates: { pgdata: view('pgdata'), watermark: view('watermark') } };
  }
}
