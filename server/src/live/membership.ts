import type { LiveAccess, LiveWindow } from '../services/live/access';
import type { SessionService } from '../services/session/session';
import type { LiveMessage } from '../../../types/live';
import { sendFrame, type Client, type LiveRooms } from './rooms';

/** setTimeout's longest delay is about 24.8 days; a longer pass is re-checked then and the timer set again. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A re-check never runs sooner than this after the last (the pass end is read in whole seconds). */
const MIN_RECHECK_MS = 100;
/** A re-check that failed (the database is away) runs again after this. */
const RETRY_MS = 30_000;

/**
 * Room membership on a pass: a socket in a gated room stays only while the visitor holds
 * every pass the gallery needs. Each membership of a gated room has a timer at the pass's
 * end; a gate change re-checks the whole room (LiveAccess.gateChanged, through the bus);
 * and every message of a gated room waits for a re-check of the room's passes as they are
 * in the database then (`deliver`), so a pass removed by any means (a gate change, a row
 * deleted, a pruned visitor) reaches no socket with that room's next message, in every
 * process. A socket that no longer qualifies leaves the room and gets
 * `{type:'left', room, reason:'gate'}`.
 */
export class LiveMembership {
  /** Messages waiting for their gated rooms' re-check, in publish order. */
  private pending: LiveMessage[] = [];
  private draining = false;

  constructor(
    private rooms: LiveRooms,
    private sessions: Pick<SessionService, 'resolve'>,
    private access: Pick<LiveAccess, 'windows'>,
    private warn: (msg: string, err?: unknown) => void
  ) {}

  /** Put the client in the room for this window; false when the socket's rooms are full. */
  admit(client: Client, room: number, w: LiveWindow): boolean {
    if (!this.rooms.join(client, room)) return false;
    this.schedule(client, room, w);
    return true;
  }

  /**
   * A message from the bus to this process's sockets. A free room's goes out at once; a
   * gated room's after its members' passes are read again (one read per room for all the
   * messages that arrived meanwhile). While any waits, later messages queue behind it, so
   * a socket still gets every room's messages in publish order. A re-check that fails
   * (the database is away) drops that room's messages: none goes out unchecked.
   */
  deliver(msg: LiveMessage): void {
    if (!this.draining && !this.rooms.isGated(msg.room)) return this.rooms.deliver(msg);
    this.pending.push(msg);
    if (!this.draining) void this.drain();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.length) {
        const batch = this.pending.splice(0);
        const gated = [...new Set(batch.map((m) => m.room))].filter((room) => this.rooms.isGated(room));
        const checked = new Set<number>();
        await Promise.all(
          gated.map((room) =>
            this.recheck(room).then(
              () => checked.add(room),
              (err) => this.warn(`live: re-checking room ${room} before its messages failed; they are dropped`, err)
            )
          )
        );
        for (const m of batch) if (checked.has(m.room) || !gated.includes(m.room)) this.rooms.deliver(m);
      }
    } finally {
      this.draining = false;
    }
  }

  /** Re-check the room's sockets (all by default): who lacks the passes now needed leaves it. */
  async recheck(room: number, clients: Client[] = this.rooms.members(room)): Promise<void> {
    if (!clients.length) return;
    // Each session as it is now (a login may have moved it to another user), once per token.
    const byToken = new Map<string | undefined, Promise<number | null>>();
    const users = new Map<Client, number | null>();
    for (const c of clients) {
      if (!byToken.has(c.token)) byToken.set(c.token, this.sessions.resolve(c.token).then((u) => u?.id ?? null));
      users.set(c, await byToken.get(c.token)!);
    }
    const windows = await this.access.windows([...new Set(users.values())], room);
    for (const c of clients) {
      if (!c.rooms.has(room)) continue; // left meanwhile
      const w = windows.get(users.get(c) ?? null);
      if (w) {
        this.schedule(c, room, w);
        continue;
      }
      this.rooms.leave(c, room);
      sendFrame(c.socket, { type: 'left', room, reason: 'gate' });
    }
  }

  private schedule(client: Client, room: number, w: LiveWindow): void {
    if (w.until === null) return this.rooms.setPassEnd(client, room, null);
    this.timer(client, room, Math.min(MAX_TIMER_MS, Math.max(MIN_RECHECK_MS, w.until * 1000 - Date.now())));
  }

  private timer(client: Client, room: number, delayMs: number): void {
    const t = setTimeout(() => {
      this.recheck(room, [client]).catch((err) => {
        this.warn('live: re-checking a pass failed', err);
        if (client.rooms.has(room)) this.timer(client, room, RETRY_MS);
      });
    }, delayMs);
    t.unref();
    this.rooms.setPassEnd(client, room, t);
  }
}
