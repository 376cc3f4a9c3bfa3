'use strict';
// Pixel sampling and face geometry of the face worker, in plain JS on the RGB bytes the worker
// receives: rotated square crops (the detector's, the mesh's and faceres' inputs) are cut
// straight from those bytes, with no tensor of the whole image.
//
// computeRotation, the anchor layout and the mesh's symmetry line follow @vladmandic/human
// 3.3.6 (src/face/facemeshutil.ts and facemeshcoords.ts, MIT License, Copyright (c) Vladimir
// Mandic).

/** Blazeface landmark indices (mouth, nose) and face mesh ones (upper lip, between the eyes) whose line is the face's vertical axis. */
const BLAZEFACE_SYMMETRY = [3, 2];
const MESH_SYMMETRY = [13, 168];

const normalizeRadians = (angle) => angle - 2 * Math.PI * Math.floor((angle + Math.PI) / (2 * Math.PI));

/** The face's roll: 0 when p2 is straight above p1 (human's computeRotation). */
function computeRotation(p1, p2) {
  return normalizeRadians(Math.PI / 2 - Math.atan2(-(p2[1] - p1[1]), p2[0] - p1[0]));
}

/** Anchor centres of the 256 px blazeface (strides 16 and 32, 2 and 6 anchors a cell): 896 [x, y]. */
function blazefaceAnchors(inputSize) {
  const anchors = [];
  for (const [stride, count] of [
    [inputSize / 16, 2],
    [inputSize / 8, 6]
  ]) {
    const cells = Math.floor((inputSize + stride - 1) / stride);
    for (let gy = 0; gy < cells; gy++) {
      for (let gx = 0; gx < cells; gx++) {
        for (let n = 0; n < count; n++) anchors.push([stride * (gx + 0.5), stride * (gy + 0.5)]);
      }
    }
  }
  return anchors;
}

/**
 * A square of `side` image pixels centred on (cx, cy), turned by `angle` (radians, the face's
 * roll: the crop comes out upright), sampled to n × n RGB floats: value × scale + offset,
 * written to `out` from index `at` (a model's batch input; a new array when not given).
 * Outside the image counts as black (0), as tf's cropAndResize and pad fill it. Bilinear, with
 * taps × taps samples a pixel averaged when the crop shrinks the image a lot (no aliasing).
 * One tap (what the worker uses) takes a faster path for samples whose four neighbours are all
 * inside the image, with the same arithmetic in the same order: the same floats as sampleTaps.
 */
function sampleSquare(pixels, width, height, cx, cy, side, angle, n, scale, offset, taps = 1, out = new Float32Array(n * n * 3), at = 0) {
  if (taps !== 1) return sampleTaps(pixels, width, height, cx, cy, side, angle, n, scale, offset, taps, out, at);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const step = side / n;
  const half = 0.5 * step;
  const w1 = width - 1;
  const h1 = height - 1;
  // cos·u and sin·u of each column (u as sampleTaps computes it).
  const cu = new Float64Array(n);
  const su = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = -side / 2 + i * step + half;
    cu[i] = cos * u;
    su[i] = sin * u;
  }
  let o = at;
  for (let j = 0; j < n; j++) {
    const v = -side / 2 + j * step + half;
    const sv = sin * v;
    const cv = cos * v;
    for (let i = 0; i < n; i++) {
      // Pixel centres sit at +0.5.
      const x = cx + cu[i] - sv - 0.5;
      const y = cy + su[i] + cv - 0.5;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      if (x0 >= 0 && x0 < w1 && y0 >= 0 && y0 < h1) {
        const fx = x - x0;
        const fy = y - y0;
        const wa = 1 - fx;
        const va = 1 - fy;
        const k00 = wa * va;
        const k10 = fx * va;
        const k01 = wa * fy;
        const k11 = fx * fy;
        const p00 = (y0 * width + x0) * 3;
        const p10 = p00 + 3;
        const p01 = p00 + width * 3;
        const p11 = p01 + 3;
        out[o++] = (pixels[p00] * k00 + pixels[p10] * k10 + pixels[p01] * k01 + pixels[p11] * k11) * scale + offset;
        out[o++] = (pixels[p00 + 1] * k00 + pixels[p10 + 1] * k10 + pixels[p01 + 1] * k01 + pixels[p11 + 1] * k11) * scale + offset;
        out[o++] = (pixels[p00 + 2] * k00 + pixels[p10 + 2] * k10 + pixels[p01 + 2] * k01 + pixels[p11 + 2] * k11) * scale + offset;
      } else {
        sampleTaps(pixels, width, height, cx + cu[i] - sv, cy + su[i] + cv, step, 0, 1, scale, offset, 1, out, o);
        o += 3;
      }
    }
  }
  return out;
}

/** sampleSquare with taps × taps samples a pixel (and its one-tap path near the edges). */
function sampleTaps(pixels, width, height, cx, cy, side, angle, n, scale, offset, taps, out, at) {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const step = side / n;
  const sub = step / taps;
  const w1 = width - 1;
  const h1 = height - 1;
  const norm = scale / (taps * taps);
  let o = at;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let tj = 0; tj < taps; tj++) {
        const v = -side / 2 + j * step + (tj + 0.5) * sub;
        for (let ti = 0; ti < taps; ti++) {
          const u = -side / 2 + i * step + (ti + 0.5) * sub;
          // Pixel centres sit at +0.5.
          const x = cx + cos * u - sin * v - 0.5;
          const y = cy + sin * u + cos * v - 0.5;
          if (x < -1 || y < -1 || x > width || y > height) continue;
          const x0 = Math.floor(x);
          const y0 = Math.floor(y);
          const fx = x - x0;
          const fy = y - y0;
          const xa = x0 < 0 ? 0 : x0 > w1 ? w1 : x0;
          const xb = x0 + 1 < 0 ? 0 : x0 + 1 > w1 ? w1 : x0 + 1;
          const ya = y0 < 0 ? 0 : y0 > h1 ? h1 : y0;
          const yb = y0 + 1 < 0 ? 0 : y0 + 1 > h1 ? h1 : y0 + 1;
          // Taps past the edge are black.
          const wa = (x0 < 0 || x0 > w1 ? 0 : 1 - fx) ;
          const wb = (x0 + 1 < 0 || x0 + 1 > w1 ? 0 : fx);
          const va = y0 < 0 || y0 > h1 ? 0 : 1 - fy;
          const vb = y0 + 1 < 0 || y0 + 1 > h1 ? 0 : fy;
          const p00 = (ya * width + xa) * 3;
          const p10 = (ya * width + xb) * 3;
          const p01 = (yb * width + xa) * 3;
          const p11 = (yb * width + xb) * 3;
          const k00 = wa * va;
          const k10 = wb * va;
          const k01 = wa * vb;
          const k11 = wb * vb;
          r += pixels[p00] * k00 + pixels[p10] * k10 + pixels[p01] * k01 + pixels[p11] * k11;
          g += pixels[p00 + 1] * k00 + pixels[p10 + 1] * k10 + pixels[p01 + 1] * k01 + pixels[p11 + 1] * k11;
          b += pixels[p00 + 2] * k00 + pixels[p10 + 2] * k10 + pixels[p01 + 2] * k01 + pixels[p11 + 2] * k11;
        }
      }
      out[o++] = r * norm + offset;
      out[o++] = g * norm + offset;
      out[o++] = b * norm + offset;
    }
  }
  return out;
}

/** A point of an n-pixel crop (sampleSquare's centre, side, angle) in image pixels. */
function cropToImage(px, py, n, cx, cy, side, angle) {
  const u = (px / n - 0.5) * side;
  const v = (py / n - 0.5) * side;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return [cx + cos * u - sin * v, cy + sin * u + cos * v];
}

/**
 * The aligned square of a face from its mesh (image pixels): the roll from the mesh's symmetry
 * line, the centre and extent of the mesh in the face's own upright frame.
 */
function meshSquare(points) {
  const angle = computeRotation(points[MESH_SYMMETRY[0]], points[MESH_SYMMETRY[1]]);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  let minU = Infinity;
  let maxU = -Infinity;
  let minV = Infinity;
  let maxV = -Infinity;
  for (const [x, y] of points) {
    // Into the upright frame: rotate by -angle.
    const u = cos * x + sin * y;
    const v = -sin * x + cos * y;
    if (u < minU) minU = u;
    if (u > maxU) maxU = u;
    if (v < minV) minV = v;
    if (v > maxV) maxV = v;
  }
  const u = (minU + maxU) / 2;
  const v = (minV + maxV) / 2;
  return { cx: cos * u - sin * v, cy: sin * u + cos * v, extent: Math.max(maxU - minU, maxV - minV), angle };
}

/**
 * Face mesh points averaged into dlib's five alignment points (image pixels): the centres of
 * the eye on the image's left and of the one on its right (each the mean of the six points
 * that match dlib's 68-point eye contour), the nose tip and the mouth's corners (left, right).
 */
const MESH_FIVE = [[33, 160, 158, 133, 153, 144], [362, 385, 387, 263, 373, 380], [4], [61], [291]];

function fivePoints(points) {
  return MESH_FIVE.map((ids) => {
    let x = 0;
    let y = 0;
    for (const i of ids) {
      x += points[i][0];
      y += points[i][1];
    }
    return [x / ids.length, y / ids.length];
  });
}

/**
 * The similarity transform (scale, roll, shift) that best maps template points (an n-pixel
 * chip's coordinates) onto image points (least squares), as the square sampleSquare cuts:
 * {cx, cy, side, angle}.
 */
function chipSquare(template, points, n) {
  const k = template.length;
  let tx = 0;
  let ty = 0;
  let px = 0;
  let py = 0;
  for (let i = 0; i < k; i++) {
    tx += template[i][0] / k;
    ty += template[i][1] / k;
    px += points[i][0] / k;
    py += points[i][1] / k;
  }
  let a = 0;
  let b = 0;
  let d = 0;
  for (let i = 0; i < k; i++) {
    const u = template[i][0] - tx;
    const v = template[i][1] - ty;
    const x = points[i][0] - px;
    const y = points[i][1] - py;
    a += u * x + v * y;
    b += u * y - v * x;
    d += u * u + v * v;
  }
  a /= d;
  b /= d;
  // The chip's centre (n/2, n/2) in the image.
  const u = n / 2 - tx;
  const v = n / 2 - ty;
  return { cx: px + a * u - b * v, cy: py + b * u + a * v, side: Math.hypot(a, b) * n, angle: Math.atan2(b, a) };
}

module.exports = { BLAZEFACE_SYMMETRY, computeRotation, blazefaceAnchors, sampleSquare, cropToImage, meshSquare, fivePoints, chipSquare };
