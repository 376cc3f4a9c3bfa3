import { useEffect, useState } from 'react';
import { View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { useStores } from '../../stores/RootStore';
import { createOrderPageStore } from '../../stores/order/factory';
import { permissionUrl } from '../../stores/gallery/galleryGate';
import { PageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import { EmptyState } from '../../components/empty-state';
import { NotFound } from '../../components/not-found';
import { OrderOffers } from '../../components/order-page';
import PayQr from '../../components/pay-qr/deferred';
import LoginPrompt from '../../components/login-prompt';
import { buildUrl, LINK_ID_RE } from '../../routes';
import { openUrl } from '../../platform/navigate';
import { t } from '../../i18n';
import { orderContext } from '../../../types/api/orderPage';

/**
 * /page/order/{link_id} (tab 4 and the Preorder button; `?from=&from_id=` of the order context is kept
 * for the way back and on the order bought here): the event's photo-service offers with their prices, bought through the app's pay
 * flow (a guest logs in first).
 */
function OrderPage() {
  const params = useRouter().params as Record<string, string | undefined>;
  const root = useStores();
  const [store] = useState(() => createOrderPageStore(root));
  const linkId = params.link_id ?? '';
  const valid = LINK_ID_RE.test(linkId);

  // The order context, its valid part only (types/api/orderPage.ts: a garbled value is dropped, not refused).
  const context = orderContext(params);

  useEffect(() => {
    if (root.session.ready && valid) void store.load(linkId, context);
  }, [linkId, context.from, context.from_id, root.session.ready]);
  useEffect(() => {
    if (store.state === 'gated' && store.gatedGalleryId) openUrl(permissionUrl(store.gatedGalleryId), { replace: true });
  }, [store.state]);

  const back = valid ? buildUrl('gallery', { link_id: linkId, ...context }) : '/demo';
  let body;
  if (!valid || store.state === 'notFound') body = <NotFound />;
  else if (store.state === 'error') body = <EmptyState text={t('common.LoadError')} art="error" testId="order-error" action={{ label: t('common.retry'), onTap: () => void store.retry() }} />;
  else if (store.state !== 'ready') body = <View className="order-page--loading" data-testid="order-loading" />;
  else body = <OrderOffers store={store} />;

  return (
    <PageFrame title={t('page.order')} testId="page-order" backUrl={back}>
      {body}
      <LoginPrompt />
      <PayQr />
    </PageFrame>
  );
}

const Observed = observer(OrderPage);

export default function Page() {
  return (
    <PageShell>
      <Observed />
    </PageShell>
  );
}
