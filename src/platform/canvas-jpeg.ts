import { unsupported } from './unsupported';
import type { CanvasJpegPlatform } from './canvas-jpeg-core';

/**
 * A drawn canvas as a JPEG: the interface. The build takes canvas-jpeg.h5.ts (toBlob and a
 * FileReader) or canvas-jpeg.weapp.ts (canvasToTempFilePath and the file system's base64);
 * this file is what type checking sees.
 */
export * from './canvas-jpeg-core';

export const canvasToJpeg: CanvasJpegPlatform['canvasToJpeg'] = unsupported('canvasToJpeg');
export const jpegDataUrl: CanvasJpegPlatform['jpegDataUrl'] = unsupported('jpegDataUrl');
