/**
 * Turning a drawn canvas into a JPEG, shared by the selfie (platform/selfie) and the jigsaw
 * collage (platform/collage): the types both platforms' implementations share.
 */

/** A canvas to encode: an HTMLCanvasElement (H5) or Taro's offscreen 2d canvas (mini-program). */
export interface JpegCanvas {
  width: number;
  height: number;
}

/** An encoded JPEG: a Blob in a browser, a temporary file in the mini-program. */
export interface EncodedJpeg {
  width: number;
  height: number;
  blob?: Blob;
  filePath?: string;
}

/** The canvas could not be encoded (a browser answered no blob, or a JPEG is missing its bytes). */
export class JpegEncodeError extends Error {
  constructor(message = 'the canvas could not be encoded as a JPEG') {
    super(message);
    this.name = 'JpegEncodeError';
  }
}

export interface CanvasJpegPlatform {
  /** The canvas, at its own size, as a JPEG of quality 0..1. */
  canvasToJpeg(canvas: JpegCanvas, quality: number): Promise<EncodedJpeg>;
  /** The JPEG as a `data:image/jpeg;base64,…` string. */
  jpegDataUrl(jpeg: EncodedJpeg): Promise<string>;
}
