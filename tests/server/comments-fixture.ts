// Shared pieces of the comment suites: a server with an organiser token, a gallery with
// comments on, visitors, calls, and a live socket on the gallery's room.
import type { AddressInfo } from 'node:net';
import { insertGallery, type TestServer } from './helpers';
import { newUser } from './pay-fixture';
import { openLive, type LiveConn } from './live-client';
import { LIVE_PATH } from '../../types/live';

export const ORGANISER = 'organiser-comments-token';
export const auth = { authorization: `Bearer ${ORGANISER}` };

let links = 0;
/** A gallery with use_comment 1 (and any other config). */
export async function commentGallery(s: TestServer, config: Record<string, unknown> = {}): Promise<number> {
  links++;
  return insertGallery(s.db, { link_id: `cmt${String(links).padStart(5, '0')}${Math.floor(Math.random() * 9)}`, config: { use_comment: 1, ...config } });
}

export async function visitor(s: TestServer, nickname = 'Alice', loggedIn = true) {
  const u = await newUser(s, loggedIn);
  await s.db.query('UPDATE users SET nickname = $2, photo = $3 WHERE id = $1', [u.id, nickname, `https://thirdwx.qlogo.cn/${u.id}.png`]);
  s.services.sessions.forget(u.token);
  return { ...u, nickname, headers: { authorization: `Bearer ${u.token}` } };
}

export async function post(s: TestServer, url: string, payload: unknown, headers: Record<string, string> = {}) {
  const r = await s.app.inject({ method: 'POST', url, payload: payload as object, headers });
  return { status: r.statusCode, type: String(r.headers['content-type'] ?? ''), raw: r.body, ...(r.json() as { code: number; data: any; msg: string }) };
}

export async function get(s: TestServer, url: string, headers: Record<string, string> = {}) {
  const r = await s.app.inject({ method: 'GET', url, headers });
  return { status: r.statusCode, type: String(r.headers['content-type'] ?? ''), raw: r.body, ...(r.json() as { code: number; data: any; msg: string }) };
}

/** A live socket in the gallery's room (the server listens on a loopback port first). */
export async function liveOf(s: TestServer, gallery: number, token: string): Promise<LiveConn> {
  if (!s.app.server.listening) await s.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `ws://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  const c = await openLive(`${base}${LIVE_PATH}?token=${encodeURIComponent(token)}&gallery=${gallery}`);
  await c.next((f) => f.type === 'hello', 'hello');
  return c;
}
