import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import type { LiveWindow } from '../services/live/access';
import { AppError, badRequest } from '../errors';
import { route } from '../http';
import { viewerOf } from '../viewer';
import { liveCalls } from '../../../types/api/live';
import type { CallQuery } from '../../../types/api/contract';
import { MAX_ID } from '../../../types/api/schema';
import { LIVE_CLOSE_FLOOD, LIVE_FRAME_BURST, LIVE_FRAME_RATE, LIVE_HEARTBEAT_MS, type LiveServerFrame } from '../../../types/live';
import { LiveRooms, sendFrame, type Client } from './rooms';
import { LiveMembership } from './membership';
import { TokenBucket } from './bucket';

export { MAX_ROOMS_PER_SOCKET } from './rooms';

/** Client frames are tiny JSON objects; anything bigger closes the socket (ws answers 1009). */
export const LIVE_MAX_FRAME_BYTES = 4096;
/** Options of the ws server behind @fastify/websocket. */
export const LIVE_WS_OPTIONS = { maxPayload: LIVE_MAX_FRAME_BYTES, perMessageDeflate: false };

/** Time the clients get to answer the close frame when the app stops, before they are cut. */
const CLOSE_GRACE_MS = 2000;
/** No envelope code exists for "full"; HTTP 503 travels as the code like the other 4xx/5xx codes. */
const SERVICE_UNAVAILABLE = 503;
const CLOSED = 3;

/**
 * The plugin's preClose (app.close()): every socket gets close code 1001 ("going away",
 * so clients reconnect to another process) and a short grace before it is cut.
 */
export async function closeLiveSockets(this: FastifyInstance): Promise<void> {
  const wss = this.websocketServer;
  await Promise.all(
    [...wss.clients].map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === CLOSED) return resolve();
          const cut = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
          socket.once('close', () => {
            clearTimeout(cut);
            resolve();
          });
          socket.close(1001, 'server shutting down');
        })
    )
  );
  await new Promise<void>((resolve) => wss.close(() => resolve()));
}

const hello = (room: number): LiveServerFrame => ({ type: 'hello', room, srv_time: Math.floor(Date.now() / 1000) });

/** A positive gallery id from a client frame, or null. */
function galleryIdOf(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_ID ? v : null;
}

export interface GatewayOptions {
  heartbeatMs?: number;
}

/**
 * GET /api/v2/live?token=…&gallery=… (types/api/live.ts): the live channel's WebSocket.
 * Checks run before the upgrade (LiveAccess), so a refused client gets an ordinary
 * envelope (401, 400, 404, 403, 503) and no socket. Every process delivers what its bus
 * carries to its own sockets.
 *
 * Abuse limits: each socket's frames go through a token bucket, and a socket that sends
 * faster is closed (1008, 'too many frames'); frames are handled one after another, so a
 * socket has at most one lookup in flight; unknown gallery ids are answered from
 * LiveAccess's negative cache. Gated rooms hold a socket only while its passes last
 * (LiveMembership).
 */
export default async function liveGateway(app: FastifyInstance, s: Services, opts: GatewayOptions = {}) {
  const rooms = new LiveRooms();
  const warn = (msg: string, err?: unknown) => app.log.warn({ err }, msg);
  const membership = new LiveMembership(rooms, s.sessions, s.liveAccess, warn);
  // Gated rooms' messages go out after their members' passes are read again (LiveMembership.deliver).
  const unsubscribe = s.bus.subscribe((msg) => membership.deliver(msg));
  // A gate changed somewhere (this process or another): re-check that room here.
  const stopNotices = s.bus.subscribeInternal((n) => {
    if (n.kind !== 'live_recheck') return;
    s.liveAccess.forgetGates(n.gallery_id);
    membership.recheck(n.gallery_id).catch((err) => warn('live: re-checking a room after a gate change failed', err));
  });
  /** What the upgrade's checks found (the window of the URL's room), for the socket handler. */
  const admitted = new WeakMap<FastifyRequest, LiveWindow>();

  // Protocol-level heartbeat: a socket that did not answer the previous ping is gone.
  const heartbeat = setInterval(() => {
    for (const client of rooms.clients.values()) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      try {
        client.socket.ping();
      } catch {
        client.socket.terminate();
      }
    }
  }, opts.heartbeatMs ?? LIVE_HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
    stopNotices();
    rooms.close();
  });

  const full = () => rooms.clients.size >= s.config.liveMaxConnections;

  route(
    app,
    liveCalls.connect,
    // A plain GET (no upgrade) that passed the checks.
    () => {
      throw badRequest('WebSocket upgrade required');
    },
    {
      tokenInQuery: true,
      preHandler: async (req) => {
        const w = await s.liveAccess.assertCanWatch(req.viewer, (req.query as CallQuery<typeof liveCalls.connect>).gallery);
        if (full()) throw new AppError(SERVICE_UNAVAILABLE, 'Too many live connections, try again later');
        admitted.set(req, w);
      },
      wsHandler: (socket, req) => {
        // Concurrent upgrades can pass the check together; the cap still holds.
        if (full()) {
          socket.close(1013, 'too many connections');
          return;
        }
        const room = (req.query as CallQuery<typeof liveCalls.connect>).gallery;
        const client = rooms.add(socket, { token: req.viewer.token, ip: req.viewer.ip });
        // Without the upgrade's window (not expected), the membership is re-checked at once.
        membership.admit(client, room, admitted.get(req) ?? { until: 0 });
        const bucket = new TokenBucket(LIVE_FRAME_BURST, LIVE_FRAME_RATE);
        let flooded = false;
        let queue: Promise<void> = Promise.resolve();
        socket.on('pong', () => {
          client.alive = true;
        });
        socket.on('close', () => rooms.remove(client));
        socket.on('message', (data, isBinary) => {
          client.alive = true;
          if (flooded) return;
          if (!bucket.take()) {
            // A flood: out of every room now, closed with a policy-violation code (ws cuts it if the peer never answers).
            flooded = true;
            rooms.remove(client);
            socket.close(LIVE_CLOSE_FLOOD.code, LIVE_CLOSE_FLOOD.reason);
            return;
          }
          if (isBinary) return;
          const text = String(data);
          // In arrival order, one at a time: a socket never has more than one lookup in flight.
          queue = queue.then(() => onClientFrame(client, text)).catch((err) => warn('live: a client frame failed', err));
        });
        sendFrame(socket, hello(room));
      }
    }
  );

  async function onClientFrame(client: Client, text: string): Promise<void> {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (!frame || typeof frame !== 'object') return;
    const f = frame as { type?: unknown; gallery?: unknown };
    if (f.type === 'ping') return sendFrame(client.socket, { type: 'pong', t: Date.now() });
    const id = galleryIdOf(f.gallery);
    if (id === null) return;
    if (f.type === 'leave') return rooms.leave(client, id);
    if (f.type !== 'join') return;
    // The session as it is now (a login since the upgrade may have moved it to another user).
    const viewer = viewerOf(await s.sessions.resolve(client.token), client.ip, client.token);
    const w = await s.liveAccess.canJoin(viewer, id);
    if (w && membership.admit(client, id, w)) sendFrame(client.socket, hello(id));
  }
}
