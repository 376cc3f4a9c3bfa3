'use strict';
// The plan of an event photo's detection, in plain JS without tf: which squares stage A runs
// the detector on, how its candidates merge, and which validated faces stage B keeps. The
// worker uses it for selfies; the engine (photo.ts) uses it to spread a photo's stages over
// the worker pool. Boxes are [x, y, w, h] in pixels of the detection image.
const { tilesFor, iou, centreInside, merge } = require('./geometry.cjs');

// The whole-image pass keeps weak candidates (a large face at an angle can score 0.3); on
// tiles, true faces scored 0.67–0.96 on the samples and look-alikes mostly below 0.6.
const STAGE_A_MIN_CONFIDENCE = 0.3;
const TILE_MIN_CONFIDENCE = 0.5;
/**
 * Event photos are also cut into overlapping square tiles: the whole-image pass sees the image at
 * the detector's 256 px, which misses small faces and some large tilted ones. Tiles of 768 px
 * (6 on a 1920×1280 image) found every face of the benches, as 640 px tiles (12) did.
 */
const TILE_SIDE = 768;
/** Samples per detector pixel side (1: plain bilinear, as tf's resize that human used). */
const WHOLE_TAPS = 1;
const TILE_TAPS = 1;

/**
 * The detector's squares {x, y, side, minScore, taps}: the whole image (centred square) and,
 * when `tiled` (event photos), its overlapping tiles.
 */
function stageASquares(width, height, tiled) {
  const side = Math.max(width, height);
  const squares = [{ x: (width - side) / 2, y: (height - side) / 2, side, minScore: STAGE_A_MIN_CONFIDENCE, taps: WHOLE_TAPS }];
  if (tiled) {
    for (const t of tilesFor(width, height, TILE_SIDE, 0.25)) squares.push({ x: t.x, y: t.y, side: t.side, minScore: TILE_MIN_CONFIDENCE, taps: TILE_TAPS });
  }
  return squares;
}

/** The candidates of all squares (in the squares' order) merged: one per face. */
function mergeCandidates(cands) {
  return merge(cands.filter((c) => c.box[2] > 0 && c.box[3] > 0));
}

const overlaps = (a, b) => iou(a, b) > 0.3 || centreInside(a, b) || centreInside(b, a);

/**
 * Stage B's faces of an event photo: `checked[k]` is candidate `big[k]` validated ({box, score,
 * square}) or null. A candidate on a face already kept (found by another tile) is skipped, and
 * faces smaller than `minFace` go.
 */
function keepFaces(big, checked, minFace) {
  const faces = [];
  big.forEach((c, k) => {
    if (faces.some((f) => overlaps(c.box, f.box))) return;
    const f = checked[k];
    if (f && Math.max(f.box[2], f.box[3]) >= minFace && !faces.some((g) => overlaps(f.box, g.box))) faces.push(f);
  });
  return faces;
}

module.exports = { stageASquares, mergeCandidates, keepFaces, overlaps };
