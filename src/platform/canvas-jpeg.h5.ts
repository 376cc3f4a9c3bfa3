import { JpegEncodeError, type CanvasJpegPlatform } from './canvas-jpeg-core';

export * from './canvas-jpeg-core';

/** Browsers: the canvas element's toBlob (no data URL string of the whole picture on the way). */
export const canvasToJpeg: CanvasJpegPlatform['canvasToJpeg'] = async (canvas, quality) => {
  const el = canvas as HTMLCanvasElement;
  const blob = await new Promise<Blob | null>((resolve) => el.toBlob(resolve, 'image/jpeg', quality));
  if (!blob) throw new JpegEncodeError();
  return { width: el.width, height: el.height, blob };
};

/** The blob read as a data URL. */
export const jpegDataUrl: CanvasJpegPlatform['jpegDataUrl'] = (jpeg) => {
  const blob = jpeg.blob;
  if (!blob) return Promise.reject(new JpegEncodeError('no JPEG blob to read'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new JpegEncodeError('the JPEG could not be read'));
    reader.readAsDataURL(blob);
  });
};
