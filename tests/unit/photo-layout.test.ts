import {
  CROP_RATIO,
  FLOW_HEADER_HEIGHT,
  columnsFor,
  flowGroups,
  flowLayout,
  formatTimeRange,
  gridLayout,
  layoutFor,
  singleLayout,
  visibleRange,
  waterfallLayout,
  type Dim
} from '../../src/utils/photoLayout';

const dim = (width: number, height: number, shoottime = 0): Dim => ({ width, height, shoottime });

describe('grid layout (modes 2 and 4)', () => {
  it('fills rows of equal cropped cells left to right', () => {
    const l = gridLayout(5, 375, 2, 6);
    expect(l.cellWidth).toBeCloseTo(178.5);
    expect(l.cells.map((c) => [c.x, c.y])).toEqual([
      [6, 6], [190.5, 6],
      [6, 6 + 114 + 6], [190.5, 126],
      [6, 246]
    ]);
    expect(l.cells[0].h).toBe(Math.round(178.5 * CROP_RATIO));
    expect(l.height).toBe(6 + 3 * (114 + 6));
  });

  it('doubles the columns on desktops, except the single column', () => {
    expect(columnsFor('2', 375)).toBe(2);
    expect(columnsFor('4', 375)).toBe(4);
    expect(columnsFor('4', 1200)).toBe(8);
    expect(columnsFor('waterfall', 1200)).toBe(4);
    expect(columnsFor('1', 1200)).toBe(1);
  });
});

describe('single column (mode 1)', () => {
  it('shows each photo whole at the column width', () => {
    const l = singleLayout([dim(3000, 2000), dim(1000, 1500)], 375, 6);
    expect(l.cells[0]).toMatchObject({ x: 6, y: 6, w: 363 });
    expect(l.cells[0].h).toBeCloseTo(363 * (233 / 350), 0);
    expect(l.cells[1].y).toBeCloseTo(6 + l.cells[0].h + 6);
    expect(l.cells[1].h).toBeCloseTo(363 * 1.5, 0);
  });
});

describe('waterfall', () => {
  it('scales heights against base width 350 and places each photo in the shortest column', () => {
    // Column width 350 exactly: heights are the base heights.
    const width = 350 * 2 + 6 * 3;
    const l = waterfallLayout([dim(350, 700), dim(350, 175), dim(350, 175), dim(350, 350), dim(350, 350)], width, 2, 6);
    expect(l.cells.map((c) => c.h)).toEqual([700, 175, 175, 350, 350]);
    // 0 → left; 1 → right (shorter); 2 → right again (181+175 < 706); 3 → right (362 < 706); 4 → left (706 < 718)
    expect(l.cells.map((c) => (c.x === 6 ? 'L' : 'R'))).toEqual(['L', 'R', 'R', 'R', 'L']);
    expect(l.cells[3].y).toBe(6 + 175 + 6 + 175 + 6);
    expect(l.height).toBe(Math.max(6 + 700 + 6 + 350 + 6, 6 + 175 + 6 + 175 + 6 + 350 + 6));
  });

  it('scales to a narrower column in proportion', () => {
    const l = waterfallLayout([dim(1000, 2000)], 375, 2, 6);
    expect(l.cells[0].w).toBeCloseTo(178.5);
    expect(l.cells[0].h).toBeCloseTo(357);
  });

  it('places each cell no higher than the one before (the visible range relies on it)', () => {
    const photos = Array.from({ length: 500 }, (_, i) => dim(1000, 500 + ((i * 7919) % 1500)));
    const l = waterfallLayout(photos, 375);
    for (let i = 1; i < l.cells.length; i++) expect(l.cells[i].y).toBeGreaterThanOrEqual(l.cells[i - 1].y);
  });
});

describe('flow (timeline)', () => {
  it('groups photos shot within 1800 s of the group start, in either order', () => {
    const t0 = 1_700_000_000;
    const asc = [0, 600, 1799, 1800, 2000, 9000].map((s) => dim(1, 1, t0 + s));
    expect(flowGroups(asc)).toEqual([[0, 3], [3, 5], [5, 6]]);
    const desc = asc.slice().reverse();
    expect(flowGroups(desc)).toEqual([[0, 1], [1, 5], [5, 6]]);
    expect(flowGroups([])).toEqual([]);
    expect(flowGroups(asc, 60)).toHaveLength(5); // 1799 and 1800 are one second apart
  });

  it('puts a header above each group with its time range', () => {
    const t0 = 1_700_000_000;
    const photos = [0, 60, 120, 120, 4000].map((s) => dim(1, 1, t0 + s));
    const l = flowLayout(photos, 375, 3, 1800, 6);
    expect(l.headers).toHaveLength(2);
    expect(l.headers[0]).toMatchObject({ y: 0, from: t0, to: t0 + 120, first: 0 });
    expect(l.cells[0].y).toBe(FLOW_HEADER_HEIGHT);
    expect(l.cells[3].y).toBe(FLOW_HEADER_HEIGHT + l.cells[0].h + 6);
    expect(l.headers[1].y).toBe(FLOW_HEADER_HEIGHT + 2 * (l.cells[0].h + 6) + 6);
    expect(l.cells[4].y).toBe(l.headers[1].y + FLOW_HEADER_HEIGHT);
  });

  it('formats a range on one day as date, start and end time', () => {
    const a = new Date(2026, 4, 2, 18, 5).getTime() / 1000;
    expect(formatTimeRange(a, a + 25 * 60)).toBe('2026-05-02 18:05 - 18:30');
    expect(formatTimeRange(a, a)).toBe('2026-05-02 18:05');
    expect(formatTimeRange(a, a + 86400)).toBe('2026-05-02 18:05 - 2026-05-03 18:05');
  });
});

describe('windowing', () => {
  const photos = Array.from({ length: 20_000 }, (_, i) => dim(1000 + (i % 3) * 500, 1000 + (i % 5) * 300, 1_700_000_000 + i * 40));

  it.each(['1', '2', '4', 'flow', 'waterfall', 'hot'] as const)('keeps a bounded window of cells in mode %s anywhere in 20,000 photos', (mode) => {
    const l = layoutFor(mode, photos, 375);
    expect(l.cells).toHaveLength(20_000);
    const screen = 812;
    let maxCells = 0;
    for (const top of [0, l.height * 0.25, l.height / 2, l.height - screen]) {
      const r = visibleRange(l, top - screen, top + 2 * screen);
      maxCells = Math.max(maxCells, r.to - r.from);
      // Every cell overlapping the viewport is in the window.
      const expected = l.cells.filter((c) => c.y < top + screen && c.y + c.h > top).map((c) => c.index);
      const got = new Set(l.cells.slice(r.from, r.to).map((c) => c.index));
      for (const i of expected) expect(got.has(i)).toBe(true);
    }
    expect(maxCells).toBeGreaterThan(0);
    expect(maxCells).toBeLessThanOrEqual(300);
  });

  it('finds the last photo at the end of the canvas and nothing past it', () => {
    const l = layoutFor('2', photos, 375);
    const r = visibleRange(l, l.height - 100, l.height + 1000);
    expect(l.cells[r.to - 1].index).toBe(19_999);
    const past = visibleRange(l, l.height + 10, l.height + 1000);
    expect(past.to - past.from).toBe(0);
  });

  it('returns the headers of the groups in view', () => {
    const l = layoutFor('flow', photos, 375);
    const h = l.headers[10];
    const r = visibleRange(l, h.y - 5, h.y + 5);
    expect(r.headers).toContain(h);
  });
});
