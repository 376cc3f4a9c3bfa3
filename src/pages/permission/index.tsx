import { useEffect, useState } from 'react';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { useStores } from '../../stores/RootStore';
import { createPermissionStores } from '../../stores/permission/factory';
import { PageShell } from '../../components/page-shell';
import PermissionGate from '../../components/permission';
import LoginPrompt from '../../components/login-prompt';
import { NotFound } from '../../components/not-found';
import { gateReturnOf } from '../../stores/gallery/galleryGate';

/** /page/permission/{id} and /page/permission/{id}/original/{val}: password and phone gates; `?to=screen` returns to the venue screen. */
function PermissionPage() {
  const params = useRouter().params as Record<string, string | undefined>;
  const root = useStores();
  const [store] = useState(() => createPermissionStores(root));
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0;

  useEffect(() => () => store.dispose(), []);
  useEffect(() => {
    // Gate calls carry the session token: wait for the session.
    if (id > 0 && root.session.ready) void store.load(id);
  }, [id, root.session.ready]);

  return (
    <PageShell>
      {id > 0 ? <PermissionGate store={store} original={params.original} to={gateReturnOf(params.to)} /> : <NotFound />}
      <LoginPrompt />
    </PageShell>
  );
}

export default observer(PermissionPage);
