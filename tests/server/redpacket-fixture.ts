// Shared pieces of the red packet suites (and bench/redpacket-grab.mjs): many logged-in users at
// once, the call helper, and the whole send flow (precreate → sandbox pay → create).
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/src/db';
import { insertGallery } from './helpers';

export interface RpUser {
  id: number;
  token: string;
  openid: string;
}

/** `n` logged-in (WeChat) users with sessions, written in two statements. */
export async function bulkUsers(db: Db, n: number, tag = crypto.randomBytes(4).toString('hex')): Promise<RpUser[]> {
  const openids = Array.from({ length: n }, (_, i) => `o_rp_${tag}_${i}`);
  const { rows } = await db.query<{ id: number; openid: string }>(
    `INSERT INTO users (openid, nickname, photo, is_mock, created_at)
     SELECT o, 'user ' || o, '', false, 0 FROM unnest($1::text[]) AS o RETURNING id, openid`,
    [openids]
  );
  const tokens = rows.map(() => crypto.randomBytes(24).toString('hex'));
  const hashes = tokens.map((t) => crypto.createHash('sha256').update(t).digest('hex'));
  const far = Math.floor(Date.now() / 1000) + 30 * 86400;
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) SELECT h, u, 0, $3 FROM unnest($1::text[], $2::int[]) AS x(h, u)`,
    [hashes, rows.map((r) => r.id), far]
  );
  return rows.map((r, i) => ({ id: r.id, openid: r.openid, token: tokens[i] }));
}

/** A gallery with red packets on (use_package 1), or off. */
export function packetGallery(db: Db, usePackage = 1): Promise<number> {
  const link = `rp${crypto.randomBytes(3).toString('hex')}`.slice(0, 8);
  return insertGallery(db, { link_id: link, name: 'Red packets', config: { use_package: usePackage } });
}

export interface Answer<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

/** One API call as a user (no token: no session). */
export async function rp<T = any>(app: FastifyInstance, method: 'GET' | 'POST', url: string, token?: string, body?: unknown): Promise<Answer<T>> {
  const res = await app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: body === undefined ? undefined : JSON.stringify(body)
  });
  const j = JSON.parse(res.body) as { code: number; msg: string; data: T };
  return { status: res.statusCode, code: j.code, msg: j.msg, data: j.data };
}

/** precreate, then the sandbox page's Pay button: the paid trade id. */
export async function paidTrade(app: FastifyInstance, token: string, galleryid: number, amount: string): Promise<string> {
  const pre = await rp(app, 'POST', '/api/v2/redpackage/precreate', token, { amount, galleryid });
  if (pre.code !== 200) throw new Error(`precreate answered ${pre.code} ${pre.msg}`);
  const paid = await app.inject({ method: 'POST', url: `/sandbox/pay/${pre.data.tradeid}/confirm`, headers: { accept: 'application/json' } });
  if (paid.statusCode !== 200) throw new Error(`sandbox pay answered ${paid.statusCode} ${paid.body}`);
  return pre.data.tradeid;
}

/** A posted packet: paid and created. */
export async function sendPacket(
  app: FastifyInstance,
  token: string,
  galleryid: number,
  o: { amount: string; number: string; type?: 'luck' | 'normal'; access_type?: 'limit' | 'other'; content?: string }
): Promise<{ id: number; tradeid: string; amount: number }> {
  const tradeid = await paidTrade(app, token, galleryid, o.amount);
  const made = await rp(app, 'POST', '/api/v2/redpackage/create', token, {
    number: o.number, amount: o.amount, type: o.type ?? 'luck', content: o.content ?? 'Happy day', tradeid, galleryid,
    ...(o.access_type ? { access_type: o.access_type } : {})
  });
  if (made.code !== 200) throw new Error(`create answered ${made.code} ${made.msg}`);
  return { id: made.data.packet.id, tradeid, amount: made.data.packet.amount };
}

/** `claimers` grab packet `id` all at once; the answers in order. */
export function grabAll(app: FastifyInstance, id: number, claimers: RpUser[]): Promise<Answer[]> {
  return Promise.all(claimers.map((u) => rp(app, 'POST', '/api/v3/redpackage/get', u.token, { id })));
}
