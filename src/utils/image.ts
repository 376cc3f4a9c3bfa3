import type { ImageStyleName } from '../../types/image-style';
import { apiBase } from '../platform/env';
import { imageTicketOf } from './imageTickets';

/** `{image host}/{hash}!{style}`; the gallery id tells the server whose watermark applies. */
export function imageUrl(hash: string, style: ImageStyleName, galleryId?: number): string {
  const ticket = imageTicketOf(galleryId);
  const q = galleryId ? `?g=${galleryId}${ticket ? `&p=${encodeURIComponent(ticket)}` : ''}` : '';
  return `${apiBase()}/img/${hash}!${style}${q}`;
}

/**
 * A picture of a page's own data shown without its gallery's id (the head slider, a pendant's
 * image): the bare address the H5 document preloads, and the same with `?g=&p=` once the
 * visitor holds the image ticket of a gated page (the server refuses a closed page's pictures
 * to an `<img>` without it).
 */
export function pageImageUrl(hash: string, style: ImageStyleName, galleryId: number): string {
  return imageUrl(hash, style, imageTicketOf(galleryId) ? galleryId : undefined);
}

/** The style for a column: never wx_1920_n in a grid; small cells get the 375 crop. */
export function styleForWidth(cssWidth: number, crop = false): ImageStyleName {
  if (crop) return cssWidth <= 130 ? 'wx_250_160' : 'wx_375_240';
  return cssWidth <= 400 ? 'wx_750_n' : 'wx_1920_n';
}

/**
 * An image address as the server gives it, relative to the API origin or absolute (face crops,
 * comment gifts and stickers, a long picture's signed `/api/v2/usersplice/image/…`): the mini-program has no origin to resolve a path against.
 */
export function serverImageUrl(url: string): string {
  if (!url || /^(https?:|data:|blob:)/i.test(url)) return url;
  return `${apiBase()}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** A face crop's address as the server gives it (relative to the API origin, or absolute). */
export const faceImageUrl = serverImageUrl;
