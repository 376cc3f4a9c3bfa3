/**
 * Bullet-screen (danmaku) numbers and rules (spec part 3 §4, §9; part 1 §2 and §6):
 * pure functions of their inputs and a random source, no timers and no DOM.
 */

/** Font sizes in design units (750 wide), one picked at random per message (part 3 §9). */
export const DANMAKU_SIZES = [24, 36, 48, 56, 64] as const;
export type DanmakuSize = (typeof DANMAKU_SIZES)[number];

/** The fixed colour set a message's colour is picked from. */
export const DANMAKU_COLORS = ['#ffffff', '#ffe066', '#ff8a80', '#80d8ff', '#b9f6ca', '#ea80fc', '#ffd180'] as const;

export const DANMAKU = {
  /** The engine's clock tick. */
  TICK_MS: 16,
  /** A message of up to this many characters lasts BASE_MS plus up to EXTRA_MS at random. */
  SHORT_CHARS: 20,
  BASE_MS: 5000,
  EXTRA_MS: 2000,
  /** A longer message lasts its length times this, never less than BASE_MS. */
  PER_CHAR_MS: 200,
  /** History: at most this many pages, one message every GAP_MIN_MS to GAP_MAX_MS. */
  HISTORY_PAGES: 3,
  GAP_MIN_MS: 1000,
  GAP_MAX_MS: 3000,
  /** A lane is this many times the largest font size high. */
  LANE_FACTOR: 1.3,
  /** Free space (design units) kept between two messages in a lane. */
  GAP_UNITS: 40,
  /** Messages waiting for a free lane; past this the oldest is dropped. */
  MAX_WAITING: 60,
  /** Characters shown of one message (longer text is cut with an ellipsis). */
  MAX_CHARS: 140,
  /** Device-storage key of the viewer's on/off choice (part 3 §3). */
  STORAGE_KEY: 'danSwitch'
} as const;

/** A uniform random number in [0, 1). */
export type Random = () => number;

/** Number of characters as a reader counts them (a CJK character or an emoji is one). */
export function charCount(text: string): number {
  return Array.from(text).length;
}

/**
 * How long a message stays on screen: text over 20 characters lasts max(5000 ms, length × 200 ms),
 * shorter text 5000 ms plus 0 to 2 s at random.
 */
export function durationMs(text: string, random: Random): number {
  const n = charCount(text);
  if (n > DANMAKU.SHORT_CHARS) return Math.max(DANMAKU.BASE_MS, n * DANMAKU.PER_CHAR_MS);
  return DANMAKU.BASE_MS + Math.floor(random() * (DANMAKU.EXTRA_MS + 1));
}

function pick<T>(list: readonly T[], random: Random): T {
  return list[Math.min(list.length - 1, Math.floor(random() * list.length))];
}

export const pickSize = (random: Random): DanmakuSize => pick(DANMAKU_SIZES, random);
export const pickColor = (random: Random): string => pick(DANMAKU_COLORS, random);

/** The wait before the next history message: 1 to 3 s. */
export function historyGapMs(random: Random): number {
  return DANMAKU.GAP_MIN_MS + Math.floor(random() * (DANMAKU.GAP_MAX_MS - DANMAKU.GAP_MIN_MS + 1));
}

/** The text a message shows: one line, trimmed, at most MAX_CHARS characters; '' when nothing is left. */
export function bulletText(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  // Control characters and line breaks would break the one-line layout.
  // eslint-disable-next-line no-control-regex
  const line = raw.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  return chars.length > DANMAKU.MAX_CHARS ? chars.slice(0, DANMAKU.MAX_CHARS - 1).join('') + '…' : line;
}

/**
 * Estimated width of a one-line message in design units, without measuring it (no layout):
 * wide characters (CJK, emoji) count one em, others about 0.6 em.
 */
export function estimateWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) em += ch.codePointAt(0)! > 0x2e7f ? 1 : 0.6;
  return Math.ceil(em * size);
}

/** Where a layer runs bullets: its width and height in CSS px, and CSS px per design unit. */
export interface DanmakuStage {
  width: number;
  height: number;
  scale: number;
}

/** Number of lanes a stage holds (at least one). */
export function laneCount(stage: DanmakuStage): number {
  const lane = laneHeightPx(stage.scale);
  return Math.max(1, Math.floor(stage.height / lane));
}

export function laneHeightPx(scale: number): number {
  return DANMAKU_SIZES[DANMAKU_SIZES.length - 1] * DANMAKU.LANE_FACTOR * scale;
}

/** A bullet's run across a lane: it enters at the right edge at `start` and has left at `start + duration`. */
export interface LaneRun {
  start: number;
  duration: number;
  /** Width in CSS px. */
  width: number;
}

/** Speed in CSS px per ms of a run across a stage `stageWidth` wide (the whole text crosses the edge). */
export const speedOf = (run: LaneRun, stageWidth: number) => (stageWidth + run.width) / run.duration;

/**
 * Whether `next` may enter a lane at `now` after `prev` (the lane's last run): `prev`'s tail is on
 * screen with a gap behind it, and `next`, if faster, does not catch up with it before it has left.
 */
export function laneFree(prev: LaneRun | null, next: LaneRun, now: number, stageWidth: number, gapPx: number): boolean {
  if (!prev) return true;
  const vPrev = speedOf(prev, stageWidth);
  const elapsed = now - prev.start;
  if (elapsed * vPrev < prev.width + gapPx) return false;
  const prevGone = prev.start + prev.duration;
  if (prevGone <= now) return true;
  // When prev's tail leaves the left edge, next's head must still be at least a gap from it.
  return speedOf(next, stageWidth) * (prevGone - now) <= stageWidth - gapPx;
}
