import { makeAutoObservable, runInAction } from 'mobx';
import type { Gallery } from '../../../types/api/gallery';
import { galleryUrl } from '../../../types/routes';
import { imageUrl } from '../../utils/image';
import { shareLink, type ShareContent, type ShareOutcome } from '../../platform/share';
import { toast } from '../../platform/ui';
import { shareAndTell } from '../share/shareOutcome';
import { t, type MessageKey } from '../../i18n';

/** The gallery fields a share reads. */
export type ShareGallery = Pick<Gallery, 'id' | 'link_id' | 'name' | 'h5_share_title' | 'h5_share_text' | 'h5_share_image'> & {
  cover?: string | null;
  config?: Partial<Pick<Gallery['config'], 'h5_share_title' | 'h5_share_text' | 'h5_share_image' | 'share_off'>> | null;
};

/** Sharing is off for a gallery that says so (spec part 1 §6). */
export function gallerySharable(g: ShareGallery | null | undefined): boolean {
  return !!g && g.config?.share_off !== 1;
}

/**
 * What sharing a gallery page sends (spec part 1 §3 share content): the page's own
 * h5_share_* texts and image, else the gallery config's, else its name, a line inviting
 * to view and its cover.
 */
export function galleryShareContent(g: ShareGallery): ShareContent {
  return {
    title: g.h5_share_title || g.config?.h5_share_title || g.name || t('share.galleryFallbackTitle'),
    desc: g.h5_share_text || g.config?.h5_share_text || t('share.galleryFallbackDesc'),
    imageUrl: g.h5_share_image || g.config?.h5_share_image || (g.cover ? imageUrl(g.cover, 'wx_375_240', g.id) : ''),
    url: galleryUrl(g)
  };
}

export interface GalleryShareDeps {
  share: (c: ShareContent) => Promise<ShareOutcome>;
  toast: (key: MessageKey, ms?: number) => void;
}

/**
 * The share pendant in browsers: the platform's share (the system sheet, or the link
 * copied), and in WeChat's browser the hint at its ··· menu. (The mini-program shares
 * through an open-type="share" button and the page's share message instead.)
 */
export class GalleryShareStore {
  /** WeChat's browser: the hint at its ··· menu is showing (`copied`: the link is on the clipboard too). */
  menuHint: { copied: boolean } | null = null;
  private deps: GalleryShareDeps;

  constructor(deps: Partial<GalleryShareDeps> = {}) {
    // Through a function: as a bare property value webpack (5.91) emitted an undeclared `share.uU` once platform/share sat in a shared chunk.
    this.deps = { share: (c) => shareLink(c), toast: (key, ms) => toast(t(key), ms), ...deps };
    makeAutoObservable<GalleryShareStore, 'deps'>(this, { deps: false });
  }

  async share(g: ShareGallery): Promise<ShareOutcome | null> {
    if (!gallerySharable(g)) return null;
    return shareAndTell(galleryShareContent(g), {
      share: this.deps.share,
      toast: this.deps.toast,
      menuHint: (copied) => runInAction(() => (this.menuHint = { copied }))
    });
  }

  closeMenuHint(): void {
    this.menuHint = null;
  }
}
