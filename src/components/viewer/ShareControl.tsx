import { observer } from 'mobx-react';
import { useStores, usePageStores } from '../../stores/RootStore';
import { pageSharable, photoShareContent } from '../../stores/pendant/GalleryShareStore';
import type { ShareSheetStore } from '../../stores/share/ShareSheetStore';
import { ShareButton } from '../../platform/share-button';
import { Icon } from '../icon';
import { t } from '../../i18n';

/**
 * The viewer's share button: in browsers the share modal with the photo shown (its image
 * share page; a QR poster of that photo once the poster maker is plugged in); in the
 * mini-program the native share button sending that photo's image share page. Hidden when sharing is off.
 */
export const ViewerShareControl = observer(function ViewerShareControl({ sheet }: { sheet: ShareSheetStore }) {
  const { session } = useStores();
  const { viewer, gallery } = usePageStores();
  const photo = viewer.current;
  const g = gallery.gallery;
  // A viewer without its page's gallery (the image share page) shares as that page allows.
  const sharable = pageSharable(g, session.sysinfo?.share_off === true);
  if (!photo || !sharable) return null;
  const content = photoShareContent(photo, g && g.id === photo.galleryid ? g : null, session.user?.openid ?? '');
  const open = () => sheet.open(content, { galleryId: photo.galleryid, imageId: photo.id });
  return (
    <ShareButton className="viewer__share" onShare={open} testId="viewer-share" label={t('share.button')} content={content}>
      <Icon name="share" />
    </ShareButton>
  );
});
