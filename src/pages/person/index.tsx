import { useEffect, useState } from 'react';
import { View, Text } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { useStores, usePageStores } from '../../stores/RootStore';
import { createPersonAlbumStore } from '../../stores/face/albumFactory';
import { personAvatarParam } from '../../stores/face/PersonAlbumStore';
import { faceImageUrl } from '../../utils/image';
import { permissionUrl } from '../../stores/gallery/galleryGate';
import { AlbumPageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import { EmptyState } from '../../components/empty-state';
import { NotFound } from '../../components/not-found';
// In the gallery page's order (its photo list, then the dialogs), so the mini-program's shared styles keep one order.
import { PersonHeader } from '../../page-components/face/PersonCard';
import { Avatar } from '../../components/avatar';
import StorePhotoList from '../../page-components/photo/StorePhotoList';
import '../../page-components/face/face.scss';
import { deferred } from '../../components/deferred';
import PayQr from '../../components/pay-qr/deferred';
import { PosterHost } from '../../components/poster';
import FaceDialog from '../../components/face-dialog/deferred';
import LoginPrompt from '../../components/login-prompt';
import { ShareSheet } from '../../components/share-sheet';
import { ShareButton } from '../../platform/share-button';
import { usePageShare } from '../../components/share/usePageShare';
import { createShareSheetStore } from '../../stores/share/sheetFactory';
import { pageSharable } from '../../stores/pendant/GalleryShareStore';
import { openUrl } from '../../platform/navigate';
import { t } from '../../i18n';
import './index.scss';

/** The viewer's code loads with the first photo opened. */
const Viewer = deferred(() => import('../../components/viewer'));

/**
 * /page/person/{link_id}/{personid}/{openid}?avatar=… (also /page/person/{id}/{personid}/{openid}):
 * a person's album: face, name and photo count, their photos in the gallery's order, and
 * share. The person names their gallery; a gated one leads to its permission page first.
 */
function PersonPage() {
  const params = useRouter().params as Record<string, string | undefined>;
  const root = useStores();
  const { session, settings } = root;
  const { viewer, gallery, face } = usePageStores();
  const [store] = useState(() => createPersonAlbumStore(root));
  const [sheet] = useState(createShareSheetStore);
  // The one-time flag (spec part 1 §4): this page's first configuration is the personal share.
  useEffect(() => root.pageShare.forcePersonal(), [root.pageShare]);

  useEffect(() => {
    if (!session.ready) return;
    void store.load(params.personid).then((galleryId) => {
      if (galleryId) void gallery.open({ id: galleryId });
    });
  }, [params.personid, session.ready]);

  const g = gallery.gallery;
  useEffect(() => {
    if (gallery.state === 'gated' && gallery.gate) openUrl(permissionUrl(gallery.gate.gallery_id), { replace: true });
  }, [gallery.state]);
  useEffect(() => {
    if (g && store.person) store.showIn(g, settings.effectiveOrder);
  }, [g?.id, store.person?.personid, settings.effectiveOrder]);

  const self = session.isGuest ? '' : session.user?.openid ?? '';
  const openid = self || params.openid || '';
  const shareOn = pageSharable(g, session.sysinfo?.share_off === true);
  const shareContent = store.shareContent(g, openid);
  usePageShare(shareContent, shareOn, { personal: true });

  const albumUrl = g ? `/g/${g.link_id}` : undefined;
  let body;
  if (store.state === 'notFound' || gallery.state === 'notFound') {
    body = <NotFound />;
  } else if (store.state === 'error' || gallery.state === 'error') {
    body = <EmptyState text={t('common.LoadError')} art="error" testId="person-error" action={{ label: t('common.retry'), onTap: () => void store.load(params.personid) }} />;
  } else if (!store.person || !g || !store.list) {
    // The link's avatar (the person's face) shows at once, before the album answers.
    const avatar = personAvatarParam(params.avatar);
    body = (
      <View className="person-page--loading" data-testid="person-loading">
        {avatar ? <Avatar className="person-page__avatar" src={faceImageUrl(avatar)} testId="person-link-avatar" /> : null}
      </View>
    );
  } else {
    const person = store.person;
    body = (
      <View className="person-page" data-testid="person-album" data-personid={person.personid}>
        <PersonHeader person={person}>
          {shareOn ? (
            <ShareButton className="face-action face-action--main" onShare={() => shareContent && sheet.open(shareContent, { galleryId: g.id, imageId: null })}>
              <Text>{t('face.share')}</Text>
            </ShareButton>
          ) : null}
        </PersonHeader>
        <StorePhotoList id={`album-${person.personid}`} store={store.list} mode={settings.effectiveMode()} />
        <View className="person-page__album" data-testid="person-open-album" onClick={() => albumUrl && openUrl(albumUrl)}>
          <Text>{t('share.album')}</Text>
        </View>
      </View>
    );
  }

  return (
    <PageFrame title={store.person?.name ? t('face.personOf', { name: store.person.name }) : t('page.person')} testId="page-person" backUrl={albumUrl ?? '/demo'}>
      {body}
      <ShareSheet store={sheet} />
      <Viewer wanted={viewer.isOpen} />
      <LoginPrompt lists={() => (store.list ? [store.list] : [])} />
      <PayQr />
      <PosterHost />
      <FaceDialog host={face} />
    </PageFrame>
  );
}

const Observed = observer(PersonPage);

export default function Page() {
  return (
    <AlbumPageShell>
      <Observed />
    </AlbumPageShell>
  );
}
