import { FACE_NAME_MAX, FACE_ZOOM_MAX, FACE_ZOOM_MIN, FACE_ZOOM_STEP, FRIENDS_MAX, PERSON_COUNT_CAP, type FaceDialogMode } from '../../../types/api/face';
import { ErrorCode } from '../../../types/envelope';
import type { MessageKey } from '../../i18n';
import { capCount } from '../../utils/format';

/** The agreement tooltip shows for 2 seconds (spec part 1 §8). */
export const AGREEMENT_TOOLTIP_MS = 2000;

/** Zoom clamped to 1..4 and rounded to the 0.1 step (spec part 1 §8). */
export function clampZoom(z: number): number {
  if (!Number.isFinite(z)) return FACE_ZOOM_MIN;
  const stepped = Math.round(z / FACE_ZOOM_STEP) * FACE_ZOOM_STEP;
  return Math.min(FACE_ZOOM_MAX, Math.max(FACE_ZOOM_MIN, Number(stepped.toFixed(1))));
}

/** Person photo counts shown capped at 99 ("99+"). */
export const personCount = (n: number): string => capCount(n, PERSON_COUNT_CAP);

/** Find-people failures with their own text (spec part 3 §8: FINDPEOPLE_ERROR_{code}). */
const FIND_ERRORS: Record<number, MessageKey> = {
  [ErrorCode.FACE_NO_PHOTOS]: 'face.FINDPEOPLE_ERROR_422',
  [ErrorCode.FACE_NO_RELATED]: 'face.FINDPEOPLE_ERROR_222207',
  [ErrorCode.FACE_NO_FACE]: 'face.FINDPEOPLE_ERROR_222202',
  [ErrorCode.FACE_TOO_LARGE]: 'face.FINDPEOPLE_ERROR_222304',
  [ErrorCode.FACE_MANY_FACES]: 'face.photoRequired',
  [ErrorCode.FACE_FRIENDS_LIMIT]: 'face.friendsMax'
};

/** The text key of a find-people failure code, or null for codes without one. */
export function findErrorKey(code: number): MessageKey | null {
  return FIND_ERRORS[code] ?? null;
}

/** What a dialog mode needs before it may submit. */
export interface DialogNeeds {
  /** A photo must be chosen (and consent given). */
  photo: boolean;
  /** The name input is shown. */
  nameInput: boolean;
  /** A name must be given. */
  name: boolean;
}

/**
 * Spec part 3 §5: editing a buddy name requires a name ('Name is required'); following
 * without an existing personid requires a photo ('Please upload single frontal photo').
 * Finding people and updating one's own face always send a photo. The name is optional otherwise.
 */
export function dialogNeeds(mode: FaceDialogMode, hasPerson: boolean): DialogNeeds {
  switch (mode) {
    case 'editBuddy':
      return { photo: false, nameInput: true, name: true };
    case 'followNew':
      return { photo: !hasPerson, nameInput: true, name: false };
    default:
      return { photo: true, nameInput: false, name: false };
  }
}

/** A buddy name as sent: trimmed, at most FACE_NAME_MAX characters. */
export function cleanName(name: string): string {
  return Array.from(name.trim()).slice(0, FACE_NAME_MAX).join('');
}

/** Following one more is refused at FRIENDS_MAX (spec: 'Friends max 6'). */
export const canFollowMore = (following: number): boolean => following < FRIENDS_MAX;

/** How the crop editor shows a picture in its square frame: size and offset in % of the frame. */
export interface CropView {
  width: number;
  height: number;
  left: number;
  top: number;
}

/**
 * The picture scaled so its short side fills the frame at zoom 1 (zoom times more when
 * zoomed), moved so the crop's centre sits in the middle, never leaving a gap: the same
 * square cropBox() draws for upload.
 */
export function cropView(width: number, height: number, crop: { zoom: number; x: number; y: number }): CropView {
  const short = Math.max(1, Math.min(width, height));
  const zoom = clampZoom(crop.zoom);
  const w = (width / short) * zoom * 100;
  const h = (height / short) * zoom * 100;
  const clamp = (c: number, size: number) => Math.min(Math.max(c * size, 50), size - 50);
  return { width: w, height: h, left: 50 - clamp(crop.x, w), top: 50 - clamp(crop.y, h) };
}

/** A day 'YYYY-MM-DD' (local time) as Unix seconds at its start, or at its end (the search without a face). */
export function dayToUnix(day: string, end = false): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), end ? 23 : 0, end ? 59 : 0, end ? 59 : 0);
  return Math.floor(d.getTime() / 1000);
}
