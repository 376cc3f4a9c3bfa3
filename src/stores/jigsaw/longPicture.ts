import type { LongPicture } from '../../../types/api/splice';
import { SPLICE_MAX_IMAGES, SPLICE_MIN_IMAGES, SpliceErrorCode } from '../../../types/api/splice';
import type { MessageKey } from '../../i18n';

/** The calls a long picture takes, and how long the 'Collaging' loading waits (spec part 2 §8: 20 s). */
export interface LongPictureCalls {
  create: (galleryId: number, ids: readonly number[]) => Promise<string>;
  show: (galleryId: number, ids: readonly number[]) => Promise<LongPicture>;
  timeoutMs: number;
}

/** The server did not answer within the 'Collaging' time. */
export class CollagingTimeout extends Error {
  constructor() {
    super('the long picture was not made in time');
    this.name = 'CollagingTimeout';
  }
}

/** create (the server draws and stores it, answering its hash), then show (its address and size), within `timeoutMs`. */
export async function makeLongPicture(calls: LongPictureCalls, galleryId: number, ids: readonly number[]): Promise<LongPicture> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CollagingTimeout()), calls.timeoutMs);
  });
  try {
    return await Promise.race([
      (async () => {
        const hash = await calls.create(galleryId, ids);
        const pic = await calls.show(galleryId, ids);
        if (pic.hash !== hash) throw new Error('the long picture shown is not the one made');
        return pic;
      })(),
      late
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the visitor is told when a long picture fails (by the server's code where it says why). */
export function longPictureFailure(e: unknown): { key: MessageKey; params?: Record<string, number> } {
  if (e instanceof CollagingTimeout) return { key: 'jigsaw.longTimeout' };
  const code = (e as { code?: unknown } | null)?.code;
  if (code === SpliceErrorCode.TOO_FEW) return { key: 'select.min-jigsaw', params: { num: SPLICE_MIN_IMAGES } };
  if (code === SpliceErrorCode.TOO_MANY) return { key: 'select.MAX_JIGSAW_NUM', params: { num: SPLICE_MAX_IMAGES } };
  if (code === SpliceErrorCode.UNKNOWN_PHOTO || code === SpliceErrorCode.OTHER_GALLERY) return { key: 'jigsaw.longPhotoGone' };
  if (code === SpliceErrorCode.TOO_OFTEN) return { key: 'jigsaw.longTooOften' };
  return { key: 'jigsaw.longFailed' };
}
