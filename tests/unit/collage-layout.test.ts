import { COLLAGE_WIDTH, LONG_GAP, GRID_GAP, coverCrop, gridColumns, gridLayout, longLayout, collageLayout } from '../../src/utils/collageLayout';

describe('long collage layout', () => {
  it('stacks photos full width; each height follows its aspect ratio, with a gap between', () => {
    const l = longLayout([
      { width: 1500, height: 1000 },
      { width: 1000, height: 1500 },
      { width: 2000, height: 2000 }
    ]);
    expect(l.width).toBe(COLLAGE_WIDTH);
    expect(l.cells.map((c) => c.dest)).toEqual([
      { x: 0, y: 0, w: 1080, h: 720 },
      { x: 0, y: 720 + LONG_GAP, w: 1080, h: 1620 },
      { x: 0, y: 720 + 1620 + 2 * LONG_GAP, w: 1080, h: 1080 }
    ]);
    expect(l.height).toBe(720 + 1620 + 1080 + 2 * LONG_GAP);
    // The whole photo is drawn, uncropped.
    expect(l.cells[1].src).toEqual({ x: 0, y: 0, w: 1000, h: 1500 });
  });

  it('a single photo has no gap; a collage too tall to draw is scaled down as a whole', () => {
    expect(longLayout([{ width: 750, height: 500 }]).height).toBe(720);
    const tall = longLayout(Array.from({ length: 12 }, () => ({ width: 500, height: 2000 })), 1080, LONG_GAP, 16_777_216);
    expect(tall.width * tall.height).toBeLessThanOrEqual(16_777_216);
    expect(tall.width).toBeLessThan(1080);
    expect(tall.cells[0].dest.h).toBe(Math.round(tall.width * 4));
  });

  it('rejects an empty list and photos without a size', () => {
    expect(() => longLayout([])).toThrow(/at least one photo/);
    expect(() => gridLayout([{ width: 0, height: 10 }])).toThrow(/no size/);
  });
});

describe('grid collage layout', () => {
  it('columns for 1..9 photos: 1, 2, 3, 2×2, then 3 columns', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(gridColumns)).toEqual([1, 2, 3, 2, 3, 3, 3, 3, 3]);
  });

  it('square cells fill the 1080 width row by row, with gaps', () => {
    for (let n = 1; n <= 9; n++) {
      const l = gridLayout(Array.from({ length: n }, () => ({ width: 1500, height: 1000 })));
      const cols = gridColumns(n);
      const rows = Math.ceil(n / cols);
      expect(l.width).toBe(1080);
      expect(l.cells).toHaveLength(n);
      const cell = (1080 - GRID_GAP * (cols - 1)) / cols;
      expect(l.height).toBe(Math.round(rows * cell + GRID_GAP * (rows - 1)));
      for (const c of l.cells) {
        expect(Math.abs(c.dest.w - c.dest.h)).toBeLessThanOrEqual(1);
        expect(c.dest.x + c.dest.w).toBeLessThanOrEqual(1080);
      }
      // The last cell of a full row reaches the right edge.
      if (n >= cols) expect(l.cells[cols - 1].dest.x + l.cells[cols - 1].dest.w).toBe(1080);
    }
    const nine = gridLayout(Array.from({ length: 9 }, () => ({ width: 100, height: 100 })));
    expect(nine.cells[4].dest.x).toBe(Math.round((1080 - 2 * GRID_GAP) / 3 + GRID_GAP));
    expect(nine.cells[4].dest.y).toBe(nine.cells[4].dest.x);
  });

  it('cover-crops: the centred part of the photo with the cell aspect ratio', () => {
    const l = gridLayout([
      { width: 1500, height: 1000 },
      { width: 1000, height: 1500 }
    ]);
    expect(l.cells[0].src).toEqual({ x: 250, y: 0, w: 1000, h: 1000 });
    expect(l.cells[1].src).toEqual({ x: 0, y: 250, w: 1000, h: 1000 });
    expect(coverCrop({ width: 400, height: 200 }, { w: 100, h: 100 })).toEqual({ x: 100, y: 0, w: 200, h: 200 });
    expect(coverCrop({ width: 300, height: 300 }, { w: 200, h: 100 })).toEqual({ x: 0, y: 75, w: 300, h: 150 });
  });

  it('collageLayout picks the layout by kind', () => {
    const s = [{ width: 1500, height: 1000 }, { width: 1500, height: 1000 }];
    expect(collageLayout('long', s).height).toBe(720 * 2 + LONG_GAP);
    expect(collageLayout('grid', s).height).toBe((1080 - GRID_GAP) / 2);
  });
});
