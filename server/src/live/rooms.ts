import { Socket } from 'node:net';
import WebSocketClass, { type WebSocket } from 'ws';
import { LIVE_BATCH_MAX, LIVE_COALESCE_MS, type LiveMessage, type LiveServerFrame } from '../../../types/live';

/** Rooms one socket may be in at once (join beyond that is ignored). */
export const MAX_ROOMS_PER_SOCKET = 16;
/** A socket whose unsent data grows past this is a stalled reader: it is dropped, not buffered without end. */
const MAX_BUFFERED_BYTES = 1 << 20;
const OPEN = 1;

/** A final, unmasked text frame (server to client). */
const TEXT_FRAME = { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: true };
/** ws's frame builder: public in ws (`WebSocket.Sender.frame`), missing from @types/ws. */
const { Sender } = WebSocketClass as unknown as { Sender: { frame(data: Buffer, options: typeof TEXT_FRAME): Buffer[] } };

/** The TCP connection under a ws socket (ws keeps it as `_socket`), when it is a writable net.Socket. */
function tcpOf(socket: WebSocket): Socket | null {
  const tcp = (socket as unknown as { _socket?: unknown })._socket;
  return tcp instanceof Socket && tcp.writable ? tcp : null;
}

/** One socket and what the gateway keeps of it. */
export interface Client {
  socket: WebSocket;
  rooms: Set<number>;
  alive: boolean;
  /** The session token and address it connected with: re-checks resolve the session as it is now. */
  token: string | undefined;
  ip: string;
  /** Gated rooms: the timer that re-checks membership when the socket's pass ends. */
  passEnds: Map<number, ReturnType<typeof setTimeout>>;
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

  add(socket: WebSocket, who: { token: string | undefined; ip: string }): Client {
    const client: Client = { socket, rooms: new Set(), alive: true, token: who.token, ip: who.ip, passEnds: new Map() };
    this.clients.set(socket, client);
    return client;
  }

  /** The sockets in a room now. */
  members(room: number): Client[] {
    return [...(this.rooms.get(room) ?? [])];
  }

  /** Whether a socket holds the room on a pass (LiveMembership keeps a pass-end timer for each such membership). */
  isGated(room: number): boolean {
    for (const c of this.rooms.get(room) ?? []) if (c.passEnds.has(room)) return true;
    return false;
  }

  /** The timer that re-checks the client's membership of a gated room (null: none); replaces the previous one. */
  setPassEnd(client: Client, room: number, timer: ReturnType<typeof setTimeout> | null): void {
    const old = client.passEnds.get(room);
    if (old) clearTimeout(old);
    if (timer) client.passEnds.set(room, timer);
    else client.passEnds.delete(room);
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
    this.setPassEnd(client, room, null);
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

  /** Drops the pending batches and pass timers (the app is closing). */
  close(): void {
    for (const b of this.batches.values()) clearTimeout(b.timer);
    this.batches.clear();
    for (const c of this.clients.values()) for (const t of c.passEnds.values()) clearTimeout(t);
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

/** One control frame to one socket (an open one). */
export function sendFrame(socket: WebSocket, frame: LiveServerFrame): void {
  if (socket.readyState === OPEN) socket.send(JSON.stringify(frame));
}
