import { canvasToJpeg, jpegDataUrl } from './canvas-jpeg';
import { cropBox, withinLimit, SelfieUnreadable, SELFIE_JPEG_QUALITY, type SelfiePlatform, type SelfieSource } from './selfie-core';

export * from './selfie-core';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new SelfieUnreadable());
    img.src = src;
  });
}

/**
 * Browsers: a hidden file input (album or camera on phones). It is clicked within the
 * visitor's tap; its `cancel` event (or a change without a file) answers null.
 */
export const chooseSelfie: SelfiePlatform['chooseSelfie'] = () =>
  new Promise<File | null>((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/*';
    input.style.display = 'none';
    const done = (file: File | null) => {
      input.remove();
      resolve(file);
    };
    input.addEventListener('change', () => done(input.files?.[0] ?? null));
    input.addEventListener('cancel', () => done(null));
    document.body.appendChild(input);
    input.click();
  }).then(async (file) => {
    if (!file) return null;
    const src = URL.createObjectURL(file);
    try {
      const img = await loadImage(src);
      return { src, width: img.naturalWidth, height: img.naturalHeight };
    } catch (e) {
      URL.revokeObjectURL(src);
      throw e;
    }
  });

/** The crop drawn on a canvas and encoded as a JPEG data URL (platform/canvas-jpeg). */
export const renderSelfie: SelfiePlatform['renderSelfie'] = async (source, crop) => {
  const img = await loadImage(source.src);
  const box = cropBox(img.naturalWidth, img.naturalHeight, crop);
  const canvas = document.createElement('canvas');
  canvas.width = box.out;
  canvas.height = box.out;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new SelfieUnreadable();
  ctx.drawImage(img, box.sx, box.sy, box.side, box.side, 0, 0, box.out, box.out);
  return withinLimit(await jpegDataUrl(await canvasToJpeg(canvas, SELFIE_JPEG_QUALITY)));
};

export const releaseSelfie: SelfiePlatform['releaseSelfie'] = (source: SelfieSource) => {
  if (source.src.startsWith('blob:')) URL.revokeObjectURL(source.src);
};
