import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import AtButton from 'taro-ui/lib/components/button';
import type { OrderPageStore } from '../../stores/order/OrderPageStore';
import { formatCents } from '../../stores/pay/payRules';
import { imageUrl } from '../../utils/image';
import { t } from '../../i18n';
import { EmptyState } from '../empty-state';
import './index.scss';

/**
 * The order / preorder page's content: the event, then each service offer with its description and
 * price, and Buy (or Paid). The pay sheet, login and QR popup are the app's (PayQr, LoginPrompt).
 */
export const OrderOffers = observer(function OrderOffers({ store }: { store: OrderPageStore }) {
  const page = store.page;
  if (!page) return null;
  const g = page.gallery;
  return (
    <View className="order-page" data-testid="order-page">
      <View className="order-page__event">
        {g.cover ? <Image className="order-page__cover" src={imageUrl(g.cover, 'wx_375_240', g.id)} mode="aspectFill" /> : null}
        <Text className="order-page__name" data-testid="order-gallery-name">
          {g.name}
        </Text>
        <Text className="order-page__intro">{t('order.intro')}</Text>
      </View>
      {store.offers.length === 0 ? (
        <EmptyState text={t('empty.order')} testId="order-empty" />
      ) : (
        <View className="order-page__offers">
          {store.offers.map((o) => {
            const action = store.actionOf(o);
            return (
              <View key={o.id} className="order-offer" data-testid="order-offer" data-id={o.id} data-state={action}>
                <View className="order-offer__text">
                  <Text className="order-offer__name">{o.name}</Text>
                  {o.description ? <Text className="order-offer__desc">{o.description}</Text> : null}
                </View>
                <View className="order-offer__side">
                  <Text className="order-offer__price" data-testid="order-offer-price">
                    {t('pay.amount', { price: formatCents(o.price) })}
                  </Text>
                  {action === 'paid' ? (
                    <Text className="order-offer__paid" data-testid="order-offer-paid">
                      {t('order.paid')}
                    </Text>
                  ) : (
                    <AtButton className="order-offer__buy" size="small" type="primary" disabled={store.paying !== null} onClick={() => void store.buy(o.id)}>
                      <Text data-testid="order-offer-buy">{t(action === 'paying' ? 'order.paying' : 'order.buy')}</Text>
                    </AtButton>
                  )}
                </View>
              </View>
            );
          })}
        </View>
      )}
    </View>
  );
});
