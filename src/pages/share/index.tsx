import { useEffect, useState } from 'react';
import { View, Text } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { useStores, usePageStores } from '../../stores/RootStore';
import { createSharePageStores } from '../../stores/share/factory';
import { AlbumPageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import { EmptyState } from '../../components/empty-state';
import { SharerHeader, SharePhotoGrid } from '../../components/share-page';
import { deferred } from '../../components/deferred';
import { ShareMenuHint } from '../../components/share-menu-hint';
import PayQr from '../../components/pay-qr/deferred';
import LoginPrompt from '../../components/login-prompt';
import { ShareButton } from '../../platform/share-button';
import { useShareMessage } from '../../platform/share';
import { openUrl } from '../../platform/navigate';
import { t } from '../../i18n';
import { PosterHost } from '../../components/poster';

/** The viewer's code loads with the first photo opened. */
const Viewer = deferred(() => import('../../components/viewer'));

/** /page/share/{openid}/{ids}: photos someone shared, their album, and sharing them on. */
function SharePage() {
  const params = useRouter().params as Record<string, string | undefined>;
  const root = useStores();
  const { session } = root;
  const { viewer } = usePageStores();
  const [store] = useState(() => createSharePageStores(root));
  const self = session.isGuest ? null : session.user?.openid ?? null;

  useEffect(() => {
    if (session.ready) void store.load(params.openid ?? '', params.ids);
  }, [params.openid, params.ids, session.ready]);
  useShareMessage(store.shareContent(self), store.shareEnabled);

  const album = store.albumUrl;
  let body;
  if (store.state === 'error') {
    body = <EmptyState text={t('common.LoadError')} testId="share-error" action={{ label: t('common.retry'), onTap: () => void store.load(params.openid ?? '', params.ids) }} />;
  } else if (store.state === 'empty') {
    body = <EmptyState text={t('empty.share')} testId="share-empty" />;
  } else if (store.state !== 'ready' || !store.list) {
    body = <View className="share-page--loading" data-testid="share-loading" />;
  } else {
    const list = store.list;
    body = (
      <View className="share-page">
        <SharerHeader sharer={store.sharer} count={store.photos.length} />
        <SharePhotoGrid photos={store.photos} onTap={(i) => viewer.open(list, i)} />
        <View className="share-actions">
          {album ? (
            <View className="share-actions__button share-actions__button--main" data-testid="share-album" role="button" onClick={() => openUrl(album)}>
              <Text>{t('share.album')}</Text>
            </View>
          ) : null}
          {store.shareEnabled ? (
            <ShareButton className="share-actions__button" onShare={() => void store.share(self)}>
              <Text>{t('share.button')}</Text>
            </ShareButton>
          ) : null}
        </View>
      </View>
    );
  }

  return (
    <PageFrame title={t('page.share')} testId="page-share" backUrl={album ?? '/demo'}>
      {body}
      {store.menuHint ? <ShareMenuHint copied={store.menuHint.copied} onClose={() => store.closeMenuHint()} /> : null}
      <Viewer wanted={viewer.isOpen} />
      <PosterHost />
      {/* A PayToRemove interrupted by a full-page login goes on in this page's list. */}
      <LoginPrompt lists={() => (store.list ? [store.list] : [])} />
      <PayQr />
    </PageFrame>
  );
}

const Observed = observer(SharePage);

export default function Page() {
  return (
    <AlbumPageShell>
      <Observed />
    </AlbumPageShell>
  );
}
