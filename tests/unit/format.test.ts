import { formatCount, formatSize, capCount, formatTime } from '../../src/utils/format';
import { deriveStatus, STATUS_TAG } from '../../types/status';

const words = { justNow: 'just now', minutesAgo: (n: number) => `${n} min ago`, hoursAgo: (n: number) => `${n} h ago` };

describe('count formatting (spec part 1 §9)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [1234, '1.2k'],
    [9999, '9.9k'],
    [10_000, '1w'],
    [12_345, '1.2w'],
    [99_999, '9.9w'],
    [100_000, '10w'],
    [1_234_567, '123w'],
    [-5, '0']
  ])('%d → %s', (n, s) => expect(formatCount(n)).toBe(s));

  it('caps person photo counts at 99', () => {
    expect(capCount(99)).toBe('99');
    expect(capCount(100)).toBe('99+');
  });

  it.each([
    [512, '512B'],
    [2048, '2K'],
    [1536, '1.5K'],
    [3 * 1024 * 1024, '3M'],
    [2.25 * 1024 * 1024, '2.3M']
  ])('size %d → %s', (n, s) => expect(formatSize(n)).toBe(s));
});

describe('time display', () => {
  const now = Math.floor(new Date(2026, 5, 20, 12, 0, 0).getTime() / 1000);
  it('is relative up to one day', () => {
    expect(formatTime(now - 10, now, words)).toBe('just now');
    expect(formatTime(now - 300, now, words)).toBe('5 min ago');
    expect(formatTime(now - 3 * 3600, now, words)).toBe('3 h ago');
  });
  it('is month-day within 30 days of the same year, else the full date', () => {
    expect(formatTime(now - 2 * 86400, now, words)).toBe('06-18 12:00');
    expect(formatTime(now - 40 * 86400, now, words)).toMatch(/^2026-05-11 12:00$/);
    const newYear = Math.floor(new Date(2027, 0, 2, 12).getTime() / 1000);
    expect(formatTime(newYear - 5 * 86400, newYear, words)).toBe('2026-12-28 12:00');
  });
});

describe('gallery status', () => {
  const base = { status: 'complete' as const };
  it('is derived from the clock when both times are set', () => {
    expect(deriveStatus({ ...base, start_time: 100, end_time: 200 }, 50)).toBe('wait');
    expect(deriveStatus({ ...base, start_time: 100, end_time: 200 }, 150)).toBe('start');
    expect(deriveStatus({ ...base, start_time: 100, end_time: 200 }, 250)).toBe('end');
  });
  it('keeps the stored status otherwise', () => {
    expect(deriveStatus({ ...base, start_time: null, end_time: 200 }, 250)).toBe('complete');
  });
  it('colours statuses as the spec table says', () => {
    expect(STATUS_TAG.stop.color).toBe('teal');
    expect(STATUS_TAG.wait.color).toBe('grey');
    expect(STATUS_TAG.config.label).toBe('status.waiting');
    expect(STATUS_TAG.end.color).toBe('blue');
    expect(STATUS_TAG.directend.color).toBe('blue');
    expect(STATUS_TAG.needpay.color).toBe('red');
    expect(STATUS_TAG.payed.color).toBe('teal');
  });
});
