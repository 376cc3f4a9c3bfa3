/** Face spots in a photo: boxes as fractions of the photo (faces, face_erasures). */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Overlap (intersection over union) at which a re-indexed face is the same face as an old one. */
const HEIR_IOU = 0.4;

export interface OldFace extends Box {
  person_id: number | null;
  crop_key: string;
}

/** The person of the old face on this face's spot (boxes as fractions, overlapping at least HEIR_IOU), not yet used in the photo. */
export function heirOf(old: OldFace[], box: { x: number; y: number; w: number; h: number }, used: Set<number>): number | null {
  let best: number | null = null;
  let bestIou = HEIR_IOU;
  for (const o of old) {
    if (o.person_id === null || used.has(o.person_id)) continue;
    const ix = Math.max(0, Math.min(o.x + o.w, box.x + box.w) - Math.max(o.x, box.x));
    const iy = Math.max(0, Math.min(o.y + o.h, box.y + box.h) - Math.max(o.y, box.y));
    const inter = ix * iy;
    const iou = inter / (o.w * o.h + box.w * box.h - inter);
    if (iou >= bestIou) {
      bestIou = iou;
      best = o.person_id;
    }
  }
  return best;
}

/**
 * Whether a face found now is on an erased face's spot: boxes overlapping at least HEIR_IOU
 * (as a re-indexed face inherits a person), or either box's centre inside the other with
 * sides within 2× of each other (another engine may frame the same face larger or smaller;
 * a much smaller face behind it is someone else).
 */
export function sameSpot(e: Box, b: Box): boolean {
  const ix = Math.max(0, Math.min(e.x + e.w, b.x + b.w) - Math.max(e.x, b.x));
  const iy = Math.max(0, Math.min(e.y + e.h, b.y + b.h) - Math.max(e.y, b.y));
  const inter = ix * iy;
  if (inter / (e.w * e.h + b.w * b.h - inter) >= HEIR_IOU) return true;
  const inside = (p: Box, q: Box) => p.x + p.w / 2 > q.x && p.x + p.w / 2 < q.x + q.w && p.y + p.h / 2 > q.y && p.y + p.h / 2 < q.y + q.h;
  const alike = e.w < b.w * 2 && b.w < e.w * 2 && e.h < b.h * 2 && b.h < e.h * 2;
  return alike && (inside(e, b) || inside(b, e));
}

export const clamp01 = (v: number) => Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0));
