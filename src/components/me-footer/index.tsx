import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { buildUrl } from '../../../types/routes';
import { openUrl } from '../../platform/navigate';
import { t } from '../../i18n';
import './index.scss';

/**
 * Where 'Click to order' goes (the spec names the link, not its target): the order page
 * of the album the visitor saw last (/page/order/{link_id}, where the Order tab and the
 * Preorder button go), or the demo event when no album is known yet.
 */
export function orderUrl(lastLinkId: string | null | undefined): string {
  return lastLinkId ? buildUrl('order', { link_id: lastLinkId }) : buildUrl('demo');
}

/** The Me page's footer (spec part 3 §2 item 13): the promotional line and a 'Click to order' link. */
export const MeFooter = observer(function MeFooter({ orderUrl: url }: { orderUrl: string }) {
  return (
    <View className="me-footer" data-testid="me-footer">
      <Text className="me-footer__line">{t('me.footer')}</Text>
      <Text className="me-footer__order" data-testid="me-order" data-url={url} onClick={() => openUrl(url)}>
        {t('me.order')}
      </Text>
    </View>
  );
});
