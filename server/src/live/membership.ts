import type { LiveAccess, LiveWindow } from '../services/live/access';
import type { SessionService } from '../services/session/session';
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
 * end; a gate change re-checks the whole room (LiveAccess.gateChanged, through the bus).
 * A socket that no longer qualifies leaves the room and gets `{type:'left', room, reason:'gate'}`.
 */
export class LiveMembership {
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
