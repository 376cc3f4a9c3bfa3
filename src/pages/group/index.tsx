import { useEffect, useState } from 'react';
import { View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { useStores } from '../../stores/RootStore';
import { createGroupStore } from '../../stores/groups/factory';
import { PageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import { EmptyState } from '../../components/empty-state';
import { GroupGalleries } from '../../components/group-page';
import { t } from '../../i18n';

/**
 * /page/group/{token}: a group's shared album (types/api/groups.ts): the galleries an organiser put
 * together, each as its gates allow. An unknown or malformed token says the link has expired.
 */
function GroupPage() {
  const params = useRouter().params as Record<string, string | undefined>;
  const { session } = useStores();
  const [store] = useState(createGroupStore);
  const token = params.token ?? '';

  useEffect(() => {
    if (session.ready) void store.load(token);
  }, [token, session.ready]);

  let body;
  if (store.state === 'notFound') body = <EmptyState text={t('empty.group')} art="error" testId="group-not-found" />;
  else if (store.state === 'error') body = <EmptyState text={t('common.LoadError')} art="error" testId="group-error" action={{ label: t('common.retry'), onTap: () => void store.retry() }} />;
  else if (store.state !== 'ready') body = <View className="group-page--loading" data-testid="group-loading" />;
  else body = <GroupGalleries store={store} />;

  return (
    <PageFrame title={t('page.group')} testId="page-group">
      {body}
    </PageFrame>
  );
}

const Observed = observer(GroupPage);

export default function Page() {
  return (
    <PageShell>
      <Observed />
    </PageShell>
  );
}
