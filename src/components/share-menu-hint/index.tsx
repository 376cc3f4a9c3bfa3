import { observer } from 'mobx-react';
import { View, Text, Image } from '@tarojs/components';
import OverlayBack from '../../platform/overlay-back';
import { t } from '../../i18n';
import './index.scss';

/** A curved arrow from the text up to the top right corner, where WeChat's ··· menu is. */
const ARROW =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 160" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round">' +
      '<path d="M16 152 C 24 88, 60 44, 104 18"/><path d="M74 14 L 106 16 L 94 46"/></svg>'
  );

/**
 * WeChat's browser (issue 12, Experience 12): a page cannot open the share menu, so
 * this overlay points at it, as WeChat pages do: an arrow to the ··· at the top right
 * and what to do there. A tap anywhere, the button, or Back closes it.
 */
export const ShareMenuHint = observer(function ShareMenuHint(props: { copied: boolean; onClose: () => void }) {
  return (
    <View className="share-menu-hint" data-testid="share-menu-hint" role="dialog" onClick={props.onClose}>
      <OverlayBack open onBack={props.onClose} />
      <Image className="share-menu-hint__arrow" src={ARROW} data-testid="share-menu-hint-arrow" />
      <View className="share-menu-hint__body">
        <Text className="share-menu-hint__text" data-testid="share-menu-hint-text">
          {t('share.menuHint')}
        </Text>
        {props.copied ? (
          <Text className="share-menu-hint__sub" data-testid="share-menu-hint-copied">
            {t('share.menuHintCopied')}
          </Text>
        ) : null}
        <View className="share-menu-hint__close" data-testid="share-menu-hint-close" role="button">
          <Text>{t('share.menuHintClose')}</Text>
        </View>
      </View>
    </View>
  );
});
