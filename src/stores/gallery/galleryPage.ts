import type { Gallery } from '../../../types/api/gallery';
import type { PageData } from '../../../types/page';
import { componentProps } from '../../../types/page';
import type { NavigatorProps } from '../../../types/page/navigator';
import type { GalleryKey } from '../../api/gallery';
import { LINK_ID_RE, sceneToUrl, matchUrl, isLegacyGalleryId } from '../../routes';

/** Which gallery a page's parameters name: link id, gti label/id, legacy numeric id, or a QR scene. */
export function galleryKeyFromParams(p: Record<string, string | undefined>): GalleryKey | null {
  if (p.scene) {
    const url = sceneToUrl(p.scene);
    const m = url ? matchUrl(url) : null;
    if (m) return galleryKeyFromParams({ ...m.params });
  }
  if (p.link_id && LINK_ID_RE.test(p.link_id)) return { link_id: p.link_id };
  if (p.gti) return { gti: p.gti };
  // The legacy address (/wx/gallery?id=) serves ids below 1,000,000 only; a larger one is not found.
  if (p.id && isLegacyGalleryId(p.id)) return { id: Number(p.id) };
  return null;
}

/** A gallery without organiser pagedata still shows its photos. */
export const DEFAULT_PAGEDATA: PageData = { components: [{ id: 'photos', type: 'photo' }] };

export function pageDataOf(g: Gallery): PageData {
  return g.pagedata && g.pagedata.components.length ? g.pagedata : DEFAULT_PAGEDATA;
}

export function navigatorOf(pagedata: PageData): NavigatorProps | null {
  const c = pagedata.components.find((x) => x.type === 'navigator');
  return c ? componentProps('navigator', c.props) : null;
}
