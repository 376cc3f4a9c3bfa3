import type { ImageStyleName } from '../../types/image-style';
import { apiBase } from '../platform/env';
import { imageTicketOf } from './imageTickets';

/** `{image host}/{hash}!{style}`; the gallery id tells the server whose watermark applies. */
export function imageUrl(hash: string, style: ImageStyleName, galleryId?: number): string {
  const ticket = imageTicketOf(galleryId);
  const q = galleryId ? `?g=${galleryId}${ticket ? `&p=${encodeURIComponent(ticket)}` : ''}` : '';
  return `${apiBase()}/img/${hash}!${style}${q}`;
}

/** The style for a column: never wx_1920_n in a grid; small cells get the 375 crop. */
export function styleForWidth(cssWidth: number, crop = false): ImageStyleName {
  if (crop) return cssWidth <= 130 ? 'wx_250_160' : 'wx_375_240';
  return cssWidth <= 400 ? 'wx_750_n' : 'wx_1920_n';
}

/**
 * An image address as the server gives it, relative to the API origin or absolute (face crops,
 * comment gifts and stickers): the mini-program has no origin to resolve a path against.
 */
export function serverImageUrl(url: string): string {
  if (!url || /^(https?:|data:|blob:)/i.test(url)) return url;
  return `${apiBase()}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** A face crop's address as the server gives it (relative to the API origin, or absolute). */
export const faceImageUrl = serverImageUrl;
