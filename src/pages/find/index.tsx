import { useState } from 'react';
import { View, Text } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { PageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import LoginPrompt from '../../components/login-prompt';
import FaceDialog from '../../components/face-dialog/deferred';
import { deferred } from '../../components/deferred';
import { Icon } from '../../components/icon';
import FindPanel from '../../components/find';
import { FindStore, findOn } from '../../stores/find/FindStore';
import { usePageStores } from '../../stores/RootStore';
import { LINK_ID_RE } from '../../../types/routes';
import { t } from '../../i18n';
import './index.scss';
import { PosterHost } from '../../components/poster';

/** What the find-person dialog found, and the viewer of those photos: loaded when first shown. */
const FaceContent = deferred(() => import('../../page-components/face'));
const Viewer = deferred(() => import('../../components/viewer'));

/** /page/find[?link_id=]: the Find-photos page (spec part 3 §2 item 14). */
const Find = observer(function Find({ linkId }: { linkId: string | null }) {
  const [store] = useState(() => new FindStore());
  const { face, viewer } = usePageStores();
  const gallery = store.gallery;
  return (
    <PageFrame title={t('page.find')} testId="page-find">
      {face.found && gallery ? null : <FindPanel store={store} linkId={linkId} />}
      {gallery ? <FaceContent wanted={!!face.found} view="found" gallery={gallery} /> : null}
      {findOn(gallery) && !face.found ? (
        // The 'Find' pendant (spec part 3 §2 item 14): the find-person dialog of the page's gallery.
        <View className="find-page__pendant" data-testid="find-pendant" role="button" aria-label={t('pendent.people')} onClick={() => face.openFind(gallery.id)}>
          <Icon name="search" className="find-page__pendant-icon" />
          <Text className="find-page__pendant-label">{t('pendent.people')}</Text>
        </View>
      ) : null}
      <Viewer wanted={viewer.isOpen} />
      <PosterHost />
      <LoginPrompt />
      <FaceDialog host={face} />
    </PageFrame>
  );
});

export default function Page() {
  const params = useRouter().params as Record<string, string | undefined>;
  const linkId = params.link_id && LINK_ID_RE.test(params.link_id) ? params.link_id : null;
  return (
    <PageShell>
      <Find linkId={linkId} />
    </PageShell>
  );
}
