import { DEFAULT_THEME, type GalleryStatus } from './api/gallery';

/**
 * Status shown for a gallery (spec part 1 §4): when both times are given it is
 * derived from the clock (before start: wait; after end: end; between: start),
 * otherwise the stored status stands. Times are Unix seconds.
 */
export function deriveStatus(g: { status: GalleryStatus; start_time: number | null; end_time: number | null }, nowSec: number): GalleryStatus {
  if (g.start_time && g.end_time) {
    if (nowSec < g.start_time) return 'wait';
    if (nowSec > g.end_time) return 'end';
    return 'start';
  }
  return g.status;
}

export type StatusColor = 'teal' | 'grey' | 'blue' | 'red';

/** Label key (i18n) and colour of each status (spec part 1 §4 table). */
export const STATUS_TAG: Record<GalleryStatus, { label: string; color: StatusColor }> = {
  stop: { label: 'status.started', color: 'teal' },
  play: { label: 'status.started', color: 'teal' },
  config: { label: 'status.waiting', color: 'grey' },
  wait: { label: 'status.waiting', color: 'grey' },
  complete: { label: 'status.complete', color: 'grey' },
  rollback: { label: 'status.rollback', color: 'teal' },
  start: { label: 'status.living', color: 'teal' },
  amazing: { label: 'status.amazing', color: 'teal' },
  end: { label: 'status.end', color: 'blue' },
  directend: { label: 'status.directend', color: 'blue' },
  needpay: { label: 'status.needpay', color: 'red' },
  payed: { label: 'status.payed', color: 'teal' }
};

export const STATUS_COLORS: Record<StatusColor, string> = {
  teal: DEFAULT_THEME.main, // the brand colour
  grey: '#999999',
  blue: '#3a8ee6',
  red: '#f5222d'
};
