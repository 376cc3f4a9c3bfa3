import dayjs from 'dayjs';

/**
 * Counts (spec part 1 §9): below 1,000 as is; 1,000 → k; 10,000 → w with one
 * decimal; 100,000 and above → whole w.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n) || n < 0) return '0';
  if (n < 1000) return String(Math.floor(n));
  if (n < 10_000) return `${trimZero((Math.floor(n / 100) / 10).toFixed(1))}k`;
  if (n < 100_000) return `${trimZero((Math.floor(n / 1000) / 10).toFixed(1))}w`;
  return `${Math.round(n / 10_000)}w`;
}

function trimZero(s: string): string {
  return s.endsWith('.0') ? s.slice(0, -2) : s;
}

/** File sizes in B, K or M. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0B';
  if (bytes < 1024) return `${Math.round(bytes)}B`;
  if (bytes < 1024 * 1024) return `${trimZero((bytes / 1024).toFixed(1))}K`;
  return `${trimZero((bytes / 1024 / 1024).toFixed(1))}M`;
}

/** Person photo counts are shown capped at 99 (as "99+"). */
export function capCount(n: number, cap = 99): string {
  return n > cap ? `${cap}+` : String(Math.max(0, Math.floor(n)));
}

export interface RelativeTimeWords {
  justNow: string;
  minutesAgo: (n: number) => string;
  hoursAgo: (n: number) => string;
}

/**
 * Time display (spec part 1 §9): relative up to 1 day; then month-day within
 * 30 days in the same year; else YYYY-MM-DD HH:mm. Times are Unix seconds.
 */
export function formatTime(sec: number, nowSec: number, words: RelativeTimeWords): string {
  const diff = nowSec - sec;
  const t = dayjs.unix(sec);
  if (diff >= 0 && diff < 60) return words.justNow;
  if (diff >= 0 && diff < 3600) return words.minutesAgo(Math.floor(diff / 60));
  if (diff >= 0 && diff < 86400) return words.hoursAgo(Math.floor(diff / 3600));
  if (diff >= 0 && diff < 30 * 86400 && t.year() === dayjs.unix(nowSec).year()) return t.format('MM-DD HH:mm');
  return t.format('YYYY-MM-DD HH:mm');
}
