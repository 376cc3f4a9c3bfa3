'use strict';
// Box geometry of the face worker: tiles, overlaps, and merging the same face found twice.
// Boxes are [x, y, w, h] in pixels.

/** Square tiles that cover the image with overlap; none when the image is small. */
function tilesFor(width, height, tileSide, overlap) {
  const tiles = [];
  if (Math.max(width, height) <= tileSide * 1.15) return tiles;
  const side = Math.min(tileSide, width, height);
  const step = side * (1 - overlap);
  const cols = Math.max(1, Math.ceil((width - side) / step) + 1);
  const rows = Math.max(1, Math.ceil((height - side) / step) + 1);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = cols === 1 ? 0 : Math.round((c * (width - side)) / (cols - 1));
      const y = rows === 1 ? 0 : Math.round((r * (height - side)) / (rows - 1));
      tiles.push({ x, y, side });
    }
  }
  return tiles;
}

function iou(a, b) {
  const x1 = Math.max(a[0], b[0]);
  const y1 = Math.max(a[1], b[1]);
  const x2 = Math.min(a[0] + a[2], b[0] + b[2]);
  const y2 = Math.min(a[1] + a[3], b[1] + b[3]);
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1);
  return inter / (a[2] * a[3] + b[2] * b[3] - inter);
}

function centreInside(a, b) {
  const cx = a[0] + a[2] / 2;
  const cy = a[1] + a[3] / 2;
  return cx > b[0] && cx < b[0] + b[2] && cy > b[1] && cy < b[1] + b[3];
}

/** Candidates of several runs merged: best score first, overlapping duplicates dropped. */
function merge(cands) {
  cands.sort((p, q) => q.score - p.score);
  const kept = [];
  for (const c of cands) {
    const dup = kept.some((k) => iou(c.box, k.box) > 0.3 || ((centreInside(c.box, k.box) || centreInside(k.box, c.box)) && c.box[2] < k.box[2] * 2 && k.box[2] < c.box[2] * 2));
    if (!dup) kept.push(c);
  }
  return kept;
}

module.exports = { tilesFor, iou, centreInside, merge };
