/**
 * The live channel (spec part 3 §7, part 2 §7): every message name and its
 * payload. The server publishes through one typed function and the client
 * dispatches through this same map, so a message without a payload type, or a
 * handler for a name that does not exist, fails to compile.
 *
 * Every message is scoped to one gallery room; times are Unix seconds.
 */

/** Photo ids affected by a visibility or review change. */
export interface PhotoIdsPayload {
  galleryid: number;
  ids: number[];
}

export interface LiveEventMap {
  /** A vote opened (status 1, begin_at becomes now) or closed (status 2, end_at becomes now). */
  vote_status_change: { vote_id: number; status: 1 | 2; time: number };
  /** New totals of a vote's options. */
  vote_count: { vote_id: number; counts: Array<{ value: string; num: number }>; user_voted: number };
  /** A lucky draw started (1) or stopped (2). */
  lucky_status_change: { luck_id: number; status: 1 | 2; time: number };
  /** A new winner of a lucky draw. */
  lucky_result_change: { luck_id: number; nickname: string; photo: string; goods_desc: string };
  /** A live video changed state or stream. */
  live_video_change: { video_id: number; status: string; play_url?: string };
  /** A text comment shown as a bullet-screen message. */
  text: { id: number; content: string; nickname: string; photo: string };
  /** A question shown as a bullet-screen message. */
  question: { id: number; content: string; nickname: string; photo: string };
  /** One visitor muted or unmuted (by openid). */
  comment_block_change: { openid: string; blocked: boolean };
  /** Comments closed (1) or opened (0) for everyone. */
  comment_block_all: { block_all: 0 | 1 };
  /** A photo became visible: fetch it by id and insert it in shoot-time order. */
  image_add: { galleryid: number; id: number; shoottime: number };
  /** Photos were deleted. */
  image_delete: PhotoIdsPayload;
  /** Photos were hidden by the organiser. */
  image_hide: PhotoIdsPayload;
  /** Hidden photos were shown again. */
  image_show: PhotoIdsPayload;
  /** Photos passed review. */
  image_check: PhotoIdsPayload;
  /** Photos were sent back to review. */
  image_uncheck: PhotoIdsPayload;
  /**
   * A red packet was posted (now) or announced for a target time (posttype 'target', sent at
   * creation for the advance notice and again at posttime). Each phone waits 1 to 5 s at random
   * (RED_PACKET_LIVE_DELAY_MS) before it asks, so not every phone asks at the same instant.
   */
  redpackage: {
    id: number;
    galleryid: number;
    type: 'luck' | 'normal';
    number: number;
    /** Total in cents. */
    amount: number;
    content: string;
    nickname: string;
    photo: string;
    posttype: 'now' | 'target';
    posttime: number;
    notice: string;
    noticestep: number;
  };
}

export type LiveEventName = keyof LiveEventMap;

/** One message on the wire. */
export interface LiveMessage<K extends LiveEventName = LiveEventName> {
  type: K;
  /** The gallery room the message belongs to. */
  room: number;
  data: LiveEventMap[K];
}

/**
 * Every message name, once: `Record<LiveEventName, true>` makes tsc refuse a
 * message of the map missing here (and a name the map does not have).
 */
const LIVE_EVENTS: Record<LiveEventName, true> = {
  vote_status_change: true,
  vote_count: true,
  lucky_status_change: true,
  lucky_result_change: true,
  live_video_change: true,
  text: true,
  question: true,
  comment_block_change: true,
  comment_block_all: true,
  image_add: true,
  image_delete: true,
  image_hide: true,
  image_show: true,
  image_check: true,
  image_uncheck: true,
  redpackage: true
};

export const LIVE_EVENT_NAMES = Object.keys(LIVE_EVENTS) as LiveEventName[];

export function isLiveEventName(s: unknown): s is LiveEventName {
  return typeof s === 'string' && (LIVE_EVENT_NAMES as string[]).includes(s);
}

/** The handlers a client registers: any subset of the map, each typed by its message. */
export type LiveHandlers = { [K in LiveEventName]?: (data: LiveEventMap[K], room: number) => void };

/** Route one parsed message to its handler; unknown names and malformed messages are ignored. */
export function dispatchLive(handlers: LiveHandlers, msg: unknown): boolean {
  if (!msg || typeof msg !== 'object') return false;
  const m = msg as Partial<LiveMessage>;
  if (!isLiveEventName(m.type) || typeof m.room !== 'number' || !m.data || typeof m.data !== 'object') return false;
  const handler = handlers[m.type] as ((data: unknown, room: number) => void) | undefined;
  if (!handler) return false;
  handler(m.data, m.room);
  return true;
}

// --- Live socket wire contract (server gateway ↔ client helper) -------------

/** The one WebSocket endpoint, on the server's origin: `?token=<session token>&gallery=<gallery id>`. */
export const LIVE_PATH = '/api/v2/live';

/** The server pings every socket this often and drops one that missed the previous pong. */
export const LIVE_HEARTBEAT_MS = 30000;

/**
 * Control frames next to the LiveMessage frames. Server → client: `hello` once
 * after the upgrade (room = the `gallery` of the URL) and again after each
 * accepted `join`; `pong` answers `ping` (t = server time in ms); `left` says the
 * server took the socket out of a room by itself: `reason` 'gate' when the visitor's
 * pass of a gated gallery ended or the gallery's gate changed (join again once passed).
 * Client → server: `ping`; `join` adds the socket to one more gallery room (so one
 * socket can follow or switch galleries; unknown galleries and galleries whose passes
 * the visitor lacks are ignored); `leave` removes it from a room. Anything else a
 * client sends is ignored. Frames are handled in the order they arrive.
 */
export type LiveControlFrame =
  | { type: 'hello'; room: number; srv_time: number }
  | { type: 'pong'; t: number }
  | { type: 'left'; room: number; reason: LiveLeftReason }
  | { type: 'ping' }
  | { type: 'join'; gallery: number }
  | { type: 'leave'; gallery: number };

/** Why the server took a socket out of a room: the pass of a gated gallery ended, or its gate changed. */
export type LiveLeftReason = 'gate';

/**
 * Frames a client may send: a token bucket per socket of LIVE_FRAME_BURST frames,
 * refilled at LIVE_FRAME_RATE per second (the app sends a ping every 15 s and a join
 * or leave per page). A socket that sends faster is closed with LIVE_CLOSE_FLOOD.
 */
export const LIVE_FRAME_BURST = 40;
export const LIVE_FRAME_RATE = 5;
/** WebSocket close code (policy violation) and reason for a socket that floods. */
export const LIVE_CLOSE_FLOOD = { code: 1008, reason: 'too many frames' } as const;

/**
 * During a burst the server coalesces a room's messages: the first goes out at once,
 * the ones published within LIVE_COALESCE_MS after it travel together as one JSON
 * array frame (in publish order), so a burst of uploads costs each viewer one
 * write and one wake-up instead of one per photo.
 */
export const LIVE_COALESCE_MS = 40;
/** At most this many messages in one array frame; a fuller batch goes out at once. */
export const LIVE_BATCH_MAX = 100;

/** Every frame the server sends: live messages (alone or as a batch) and its control frames. */
export type LiveServerFrame = LiveMessage | LiveMessage[] | Extract<LiveControlFrame, { type: 'hello' | 'pong' | 'left' }>;

/** The messages of one parsed frame: the elements of a batch, or the frame itself. */
export function liveMessagesOf(frame: unknown): unknown[] {
  return Array.isArray(frame) ? frame : [frame];
}

/** Every frame a client may send. */
export type LiveClientFrame = Extract<LiveControlFrame, { type: 'ping' | 'join' | 'leave' }>;
