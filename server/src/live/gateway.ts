import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Socket } from 'node:net';
import WebSocketClass, { type WebSocket } from 'ws';
import type { Services } from '../services';
import { AppError, badRequest } from '../errors';
import { route } from '../http';
import { viewerOf } from '../viewer';
import { liveCalls } from '../../../types/api/live';
import type { CallQuery } from '../../../types/api/contract';
import { MAX_ID } from '../../../types/api/schema';
import { LIVE_BATCH_MAX, LIVE_COALESCE_MS, LIVE_HEARTBEAT_MS, LIVE_PATH, type LiveMessage, type LiveServerFrame } from '../../../types/live';

/** Client frames are tiny JSON objects; anything bigger closes the socket (ws answers 1009). */
export const LIVE_MAX_FRAME_BYTES = 4096;
/** Options of the ws server behind @fastify/websocket. */
export const LIVE_WS_OPTIONS = { maxPayload: LIVE_MAX_FRAME_BYTES, perMessageDeflate: false };

/** Rooms one socket may be in at once (join beyond that is ignored). */
export const MAX_ROOMS_PER_SOCKET = 16;
/** A socket whose unsent data grows past this is a stalled reader: it is dropped, not buffered without end. */
const MAX_BUFFERED_BYTES = 1 << 20;
/** Time the clients get to answer the close frame when the app stops, before they are cut. */
const CLOSE_GRACE_MS = 2000;
/** No envelope code exists for "full"; HTTP 503 travels as the code like the other 4xx/5xx codes. */
const SERVICE_UNAVAILABLE = 503;
const OPEN = 1;
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

/** A final, unmasked text frame (server to client). */
const TEXT_FRAME = { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: true };
/** ws's frame builder: public in ws (`WebSocket.Sender.frame`), missing from @types/ws. */
const { Sender } = WebSocketClass as unknown as { Sender: { frame(data: Buffer, options: typeof TEXT_FRAME): Buffer[] } };

/** The TCP connection under a ws socket (ws keeps it as `_socket`), when it is a writable net.Socket. */
function tcpOf(socket: WebSocket): Socket | null {
  const tcp = (socket as unknown as { _socket?: unknown })._socket;
  return tcp instanceof Socket && tcp.writable ? tcp : null;
}

interface Client {
  socket: WebSocket;
  rooms: Set<number>;
  alive: boolean;
}

/** A room that just had a fan-out: what was published since, and when it goes out. */
interface RoomBatch {
  pending: string[];
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Sockets by gallery room. A message is serialised once and written to every socket
 * of its room. The first message of a quiet room goes out at once; the ones that
 * follow within LIVE_COALESCE_MS are written together as one array frame, so a
 * burst of ten uploads to 2,000 viewers is a few thousand writes, not 20,000.
 */
export class LiveRooms {
  readonly clients = new Map<WebSocket, Client>();
  private rooms = new Map<number, Set<Client>>();
  private batches = new Map<number, RoomBatch>();

  add(socket: WebSocket): Client {
    const client: Client = { socket, rooms: new Set(), alive: true };
    this.clients.set(socket, client);
    return client;
  }

  join(client: Client, room: number): boolean {
    if (client.rooms.has(room)) return true;
    if (client.rooms.size >= MAX_ROOMS_PER_SOCKET || !this.clients.has(client.socket)) return false;
    client.rooms.add(room);
    let set = this.rooms.get(room);
    if (!set) this.rooms.set(room, (set = new Set()));
    set.add(client);
    return true;
  }

  leave(client: Client, room: number): void {
    if (!client.rooms.delete(room)) return;
    const set = this.rooms.get(room);
    if (!set) return;
    set.delete(client);
    if (!set.size) this.rooms.delete(room);
  }

  remove(client: Client): void {
    for (const room of [...client.rooms]) this.leave(client, room);
    this.clients.delete(client.socket);
  }

  roomSize(room: number): number {
    return this.rooms.get(room)?.size ?? 0;
  }

  /** Sends the message to its room now, or with the room's next batch. */
  deliver(msg: LiveMessage): void {
    if (!this.rooms.get(msg.room)?.size) return;
    const json = JSON.stringify(msg);
    const batch = this.batches.get(msg.room);
    if (!batch) {
      this.write(msg.room, json);
      this.hold(msg.room);
      return;
    }
    batch.pending.push(json);
    if (batch.pending.length >= LIVE_BATCH_MAX) {
      clearTimeout(batch.timer);
      this.release(msg.room);
    }
  }

  /** Drops the pending batches (the app is closing). */
  close(): void {
    for (const b of this.batches.values()) clearTimeout(b.timer);
    this.batches.clear();
  }

  private hold(room: number): void {
    const timer = setTimeout(() => this.release(room), LIVE_COALESCE_MS);
    timer.unref();
    this.batches.set(room, { pending: [], timer });
  }

  private release(room: number): void {
    const batch = this.batches.get(room);
    this.batches.delete(room);
    if (!batch?.pending.length) return;
    this.write(room, batch.pending.length === 1 ? batch.pending[0] : `[${batch.pending.join(',')}]`);
    this.hold(room);
  }

  /**
   * Writes one text frame to every open socket of the room; returns how many took it.
   * The frame is built once (ws's public Sender.frame) and written to each socket's
   * TCP connection as one buffer: ws.send would frame it again per socket and write
   * header and payload separately, which made up a third of a 2,000-viewer fan-out.
   * That is safe because nothing can sit in ws's send queue ahead of it: the server
   * never compresses (perMessageDeflate off) and never sends Blobs, so ws writes
   * every frame straight through as well, in call order.
   */
  private write(room: number, json: string): number {
    const set = this.rooms.get(room);
    if (!set?.size) return 0;
    const payload = Buffer.from(json);
    const frame = Buffer.concat(Sender.frame(payload, TEXT_FRAME));
    let sent = 0;
    for (const client of set) {
      const s = client.socket;
      if (s.readyState !== OPEN) continue;
      if (s.bufferedAmount > MAX_BUFFERED_BYTES) {
        s.terminate();
        continue;
      }
      const tcp = tcpOf(s);
      if (tcp) tcp.write(frame);
      else s.send(payload, { binary: false });
      sent++;
    }
    return sent;
  }
}

function sendFrame(socket: WebSocket, frame: LiveServerFrame): void {
  if (socket.readyState === OPEN) socket.send(JSON.stringify(frame));
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
 */
export default async function liveGateway(app: FastifyInstance, s: Services, opts: GatewayOptions = {}) {
  const rooms = new LiveRooms();
  const unsubscribe = s.bus.subscribe((msg) => rooms.deliver(msg));

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
        await s.liveAccess.assertCanWatch(req.viewer, (req.query as CallQuery<typeof liveCalls.connect>).gallery);
        if (full()) throw new AppError(SERVICE_UNAVAILABLE, 'Too many live connections, try again later');
      },
      wsHandler: (socket, req) => {
        // Concurrent upgrades can pass the check together; the cap still holds.
        if (full()) {
          socket.close(1013, 'too many connections');
          return;
        }
        const room = (req.query as CallQuery<typeof liveCalls.connect>).gallery;
        const client = rooms.add(socket);
        rooms.join(client, room);
        socket.on('pong', () => {
          client.alive = true;
        });
        socket.on('close', () => rooms.remove(client));
        socket.on('message', (data, isBinary) => {
          client.alive = true;
          if (isBinary) return;
          void onClientFrame(client, String(data), req);
        });
        sendFrame(socket, hello(room));
      }
    }
  );

  async function onClientFrame(client: Client, text: string, req: FastifyRequest): Promise<void> {
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
    const viewer = viewerOf(await s.sessions.resolve(req.viewer.token), req.viewer.ip, req.viewer.token);
    if (!(await s.liveAccess.canJoin(viewer, id))) return;
    if (rooms.join(client, id)) sendFrame(client.socket, hello(id));
  }
}
