// The poster's layout (src/stores/poster/posterRules.ts): spec part 3 §9 constants, the
// photo's cover crop, where the QR code and the texts go per adjust, text fitting, the
// QR modules with their margin, and the source style.
import { POSTER_DESIGN_WIDTH, POSTER_HEIGHT, POSTER_PIXEL_RATIO, POSTER_QR_MARGIN, POSTER_SOURCE_STYLE, POSTER_SOURCE_WIDTH } from '../../types/api/poster';
import { IMAGE_STYLES } from '../../types/image-style';
import { coverSource, fitText, posterLayout, qrCellRect, PHOTO_ASPECT, type Rect } from '../../src/stores/poster/posterRules';
import { qrMatrix } from '../../src/utils/qr';

const inside = (a: Rect, b: { x: number; y: number; w: number; h: number }) => a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('posterLayout', () => {
  it.each([1, 2] as const)('adjust %i: design width 750, its height, a canvas of pixel ratio 1.5', (adjust) => {
    const l = posterLayout(adjust, { width: 1500, height: 1000 });
    expect([l.width, l.height]).toEqual([POSTER_DESIGN_WIDTH, POSTER_HEIGHT[adjust]]);
    expect(l.canvas).toEqual({ width: 1125, height: Math.round(POSTER_HEIGHT[adjust] * POSTER_PIXEL_RATIO) });
    expect(l.scale).toBe(1.5);
  });

  it('gives a landscape template a landscape photo frame and a portrait one a portrait frame', () => {
    const land = posterLayout(1, { width: 1000, height: 1000 });
    const port = posterLayout(2, { width: 1000, height: 1000 });
    expect(land.photo.w / land.photo.h).toBeCloseTo(4 / 3, 2);
    expect(port.photo.w / port.photo.h).toBeCloseTo(3 / 4, 2);
    expect(land.photo.w).toBe(port.photo.w);
  });

  it.each([1, 2] as const)('adjust %i: photo, QR code and texts stay on the poster and do not overlap', (adjust) => {
    const l = posterLayout(adjust, { width: 4000, height: 3000 });
    const page = { x: 0, y: 0, w: l.width, h: l.height };
    for (const r of [l.frame, l.photo, l.qr]) expect(inside(r, page)).toBe(true);
    expect(inside(l.photo, l.frame)).toBe(true);
    expect(overlaps(l.qr, l.frame)).toBe(false);
    expect(l.qr.w).toBe(l.qr.h);
    for (const t of [l.title, l.desc, l.scan]) {
      // A text line (from baseline - size to baseline) lies left of the QR code and under the photo.
      const line = { x: t.x, y: t.y - t.size, w: t.maxWidth, h: t.size };
      expect(inside(line, page)).toBe(true);
      expect(overlaps(line, l.qr)).toBe(false);
      expect(overlaps(line, l.frame)).toBe(false);
    }
    expect(l.title.y).toBeLessThan(l.desc.y);
    expect(l.desc.y).toBeLessThan(l.scan.y);
  });

  it('crops the photo to the frame: a wide photo loses its sides, a tall one its top and bottom', () => {
    const wide = posterLayout(2, { width: 1600, height: 900 }).source;
    expect(wide.h).toBe(900);
    expect(wide.w / wide.h).toBeCloseTo(PHOTO_ASPECT[2], 5);
    expect(wide.x).toBeCloseTo((1600 - wide.w) / 2, 5);
    const tall = posterLayout(1, { width: 900, height: 1600 }).source;
    expect(tall).toMatchObject({ x: 0, w: 900 });
    expect(tall.w / tall.h).toBeCloseTo(PHOTO_ASPECT[1], 5);
    expect(tall.y).toBeCloseTo((1600 - tall.h) / 2, 5);
    expect(coverSource({ width: 0, height: 10 }, 1)).toEqual({ x: 0, y: 0, w: 0, h: 0 });
  });
});

describe('fitText', () => {
  const measure = (s: string) => Array.from(s).length * 10;
  it('keeps a text that fits, on one line', () => {
    expect(fitText('Spring\nGala', 200, measure)).toBe('Spring Gala');
  });
  it('cuts a long text with an ellipsis that fits', () => {
    const out = fitText('A very long gallery title indeed', 120, measure);
    expect(out.endsWith('…')).toBe(true);
    expect(measure(out)).toBeLessThanOrEqual(120);
    expect(measure(fitText('A very long gallery title indeed', 130, measure))).toBeGreaterThanOrEqual(measure(out));
  });
  it('counts characters, not UTF-16 units (Chinese and emoji)', () => {
    expect(fitText('春季晚会🎉照片直播', 60, measure)).toBe('春季晚会🎉…');
  });
  it('answers nothing when not even one character fits', () => {
    expect(fitText('Gala', 5, measure)).toBe('');
  });
});

describe('the QR code on the poster', () => {
  it('places the modules inside the QR square with a margin of 2 modules', () => {
    const box = { x: 510, y: 1094, w: 200, h: 200 };
    const count = 25;
    const cell = box.w / (count + 2 * POSTER_QR_MARGIN);
    expect(qrCellRect(box, count, 0, 0)).toEqual({ x: box.x + 2 * cell, y: box.y + 2 * cell, w: cell, h: cell });
    const last = qrCellRect(box, count, count - 1, count - 1);
    expect(last.x + last.w).toBeCloseTo(box.x + box.w - 2 * cell, 6);
  });
  it('encodes the link as a real QR code (finder patterns in three corners)', () => {
    const qr = qrMatrix('https://photos.example/g/abc123?from=poster');
    expect(qr.count).toBeGreaterThanOrEqual(21);
    for (const [r, c] of [[0, 0], [0, qr.count - 1], [qr.count - 1, 0]]) expect(qr.dark(r, c)).toBe(true);
    expect(qr.dark(qr.count - 1, qr.count - 1)).toBe(false);
  });
});

describe('the poster source', () => {
  it('is the server style POSTER_SOURCE_WIDTH (1366) wide, never enlarged, at quality 90, and not the original', () => {
    expect(IMAGE_STYLES[POSTER_SOURCE_STYLE]).toEqual({ width: POSTER_SOURCE_WIDTH, height: 0, fit: 'inside', quality: 90 });
    expect(POSTER_SOURCE_WIDTH).toBe(1366);
  });
});
