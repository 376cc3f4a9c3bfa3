import type { Gallery } from '../../../types/api/gallery';
import type { Photo } from '../../../types/api/photo';
import { buildUrl, galleryUrl } from '../../../types/routes';
import { imageUrl } from '../../utils/image';
import type { ShareContent } from '../../platform/share';
import type { ShareSheetStore } from '../share/ShareSheetStore';
import { t } from '../../i18n';

/** The gallery fields a share reads. */
export type ShareGallery = Pick<Gallery, 'id' | 'link_id' | 'name' | 'h5_share_title' | 'h5_share_text' | 'h5_share_image'> & {
  cover?: string | null;
  config?: Partial<Pick<Gallery['config'], 'h5_share_title' | 'h5_share_text' | 'h5_share_image' | 'share_off'>> | null;
};

/** Sharing is off for a gallery that says so, or everywhere by the global flag (spec part 1 §6). */
export function gallerySharable(g: ShareGallery | null | undefined, globalOff = false): boolean {
  return !!g && !globalOff && g.config?.share_off !== 1;
}

/**
 * Whether a page's menus offer sharing: its gallery's rule once the gallery is known; before that (still
 * loading, or a page without one) only the global flag, so the menu is not hidden and shown again on every load.
 */
export function pageSharable(g: ShareGallery | null | undefined, globalOff = false): boolean {
  return g ? gallerySharable(g, globalOff) : !globalOff;
}

/**
 * What sharing a gallery page sends (spec part 1 §3 share content): the page's own
 * h5_share_* texts and image, else the gallery config's, else its name, a line inviting
 * to view (the spec's fallback text, §9) and its cover.
 */
export function galleryShareContent(g: ShareGallery): ShareContent {
  return {
    title: g.h5_share_title || g.config?.h5_share_title || g.name || t('share.galleryFallbackTitle'),
    desc: g.h5_share_text || g.config?.h5_share_text || t('share.galleryFallbackDesc'),
    imageUrl: g.h5_share_image || g.config?.h5_share_image || (g.cover ? imageUrl(g.cover, 'wx_375_240', g.id) : ''),
    url: galleryUrl(g)
  };
}

/**
 * What sharing one photo sends (the viewer's share): the image share page of that photo
 * under the sharer's openid, with the gallery's share texts, else the fallback text, and
 * the photo's watermarked display style.
 */
export function photoShareContent(photo: Pick<Photo, 'id' | 'hash' | 'galleryid'>, g: ShareGallery | null, openid: string): ShareContent {
  const name = g?.name || '';
  return {
    title: g?.h5_share_title || g?.config?.h5_share_title || (name ? t('share.fallbackTitle', { name }) : t('share.anonymous', { num: 1 })),
    desc: g?.h5_share_text || g?.config?.h5_share_text || t('share.fallbackDesc', { num: 1 }),
    imageUrl: imageUrl(photo.hash, 'wx_375_240', photo.galleryid),
    url: buildUrl('share', { openid: openid || '0', ids: String(photo.id) })
  };
}

/**
 * The share pendant in browsers: the share modal with the gallery (QR poster of the
 * gallery, copy link, WeChat's menu hint). The mini-program shares through an
 * open-type="share" button and the page's share message instead.
 */
export function openGalleryShare(sheet: ShareSheetStore, g: ShareGallery, globalOff = false): boolean {
  if (!gallerySharable(g, globalOff)) return false;
  sheet.open(galleryShareContent(g), { galleryId: g.id, imageId: null });
  return true;
}
