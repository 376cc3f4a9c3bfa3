import { getRootStore, type RootStore, type PageStores } from '../RootStore';
import { PosterStore } from './PosterStore';
import { adjustOf } from './posterRules';
import { pagePhotoCount } from '../share/posterEntry';
import { createPosterV2, fetchPosterTemplates, uploadPoster } from '../../api/poster';
import { fetchPhotoList } from '../../api/gallery';
import { fetchPhotosByIds } from '../../api/visits';
import { serverImageUrl } from '../../utils/image';
import { saveMode } from '../../platform/download';
import { saveCollage } from '../../platform/save-collage';
import { toast } from '../../platform/ui';
import { t } from '../../i18n';

/*
 * Built here, not in UI code (docs/architecture.md): the page's poster host holds the
 * result with `useState(() => createPosterStore(page))`.
 */

/** A page's poster maker: the gallery the page shows tells whether it has photos. */
export function createPosterStore(page: PageStores | null, root: RootStore = getRootStore()): PosterStore {
  return new PosterStore({
    templates: fetchPosterTemplates,
    photo: async (galleryId, imageId) => {
      if (imageId !== null) return (await fetchPhotosByIds([imageId])).find((p) => p.galleryid === galleryId) ?? null;
      return (await fetchPhotoList(galleryId, { page_size: 1 })).items[0] ?? null;
    },
    photoCount: (galleryId) => pagePhotoCount(page, galleryId),
    // The drawing code (and its QR encoder) comes with the first poster.
    render: async (template, photoUrl, texts) => (await import('./posterDraw')).renderPoster(adjustOf(template), serverImageUrl(template.src), photoUrl, texts),
    upload: uploadPoster,
    record: createPosterV2,
    save: (poster, name) => saveCollage(poster, name, { permissionTitle: t('download.albumPermissionTitle'), permissionText: t('download.albumPermissionText') }),
    saveMode,
    requireLogin: (reason) => root.loginPrompt.requireLogin(reason),
    toast: (key) => toast(t(key)),
    scanText: () => t('poster.scan'),
    now: () => Date.now()
  });
}
