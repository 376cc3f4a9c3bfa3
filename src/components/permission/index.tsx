import { useEffect } from 'react';
import { View } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { PermissionStore } from '../../stores/permission/PermissionStore';
import { afterGateUrl, type GateReturn } from '../../stores/gallery/galleryGate';
import { openUrl } from '../../platform/navigate';
import { t } from '../../i18n';
import { PageFrame } from '../page-frame';
import { EmptyState } from '../empty-state';
import { NotFound } from '../not-found';
import PasswordForm from './PasswordForm';
import PhoneForm from './PhoneForm';
import './index.scss';

/**
 * A gated gallery's permission page: the form of its first closed gate; once
 * every gate is open, on to the gallery (or its /original/{val} form), or back
 * to the venue screen that sent the operator here (`to`).
 */
function PermissionGate({ store, original, to = 'gallery' }: { store: PermissionStore; original?: string; to?: GateReturn }) {
  const g = store.gallery;
  useEffect(() => {
    if (store.state === 'passed' && g) openUrl(afterGateUrl(g, original, to), { replace: true });
  }, [store.state, g?.id]);

  if (store.state === 'notFound') return <NotFound />;
  return (
    <PageFrame title={g?.name || t('page.permission')} testId="page-permission" backUrl="/demo">
      {store.state === 'error' ? (
        <EmptyState text={t('common.LoadError')} action={{ label: t('common.retry'), onTap: () => void store.load(store.galleryId) }} />
      ) : store.state === 'form' ? (
        <View className="permission-page" data-testid="permission-gate" data-kind={store.kind ?? ''}>
          {store.form === 'phone' ? <PhoneForm store={store} /> : <PasswordForm store={store} />}
        </View>
      ) : (
        <View className="permission-page permission-page--loading" data-testid="permission-loading" />
      )}
    </PageFrame>
  );
}

export default observer(PermissionGate);
