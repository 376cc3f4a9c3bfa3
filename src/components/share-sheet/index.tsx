import { observer } from 'mobx-react';
import { View, Text } from '@tarojs/components';
import { BottomSheet } from '../bottom-sheet';
import { Icon, type IconName } from '../icon';
import { ShareMenuHint } from '../share-menu-hint';
import type { ShareOption, ShareSheetStore } from '../../stores/share/ShareSheetStore';
import { t, type MessageKey } from '../../i18n';
import './index.scss';

const LABEL: Record<ShareOption, MessageKey> = {
  wechat: 'share.optWechat',
  poster: 'share.optPoster',
  system: 'share.optSystem',
  copy: 'share.optCopy'
};
const ICON: Record<ShareOption, IconName> = { wechat: 'share', poster: 'image', system: 'menu', copy: 'link' };

/**
 * The share modal (spec part 1 §2): the ways to share what its store holds (the WeChat
 * menu's hint in WeChat's browser, the QR poster once a maker is plugged in, the system
 * sheet, copy link), and the hint overlay pointing at WeChat's ··· menu.
 */
export const ShareSheet = observer(function ShareSheet({ store }: { store: ShareSheetStore }) {
  return (
    <>
      <BottomSheet
        open={store.isOpen}
        title={t('share.sheetTitle')}
        onClose={() => store.close()}
        className="share-sheet"
        testId="share-sheet"
        footer={
          <View className="share-sheet__cancel" data-testid="share-sheet-cancel" role="button" onClick={() => store.close()}>
            <Text>{t('share.cancel')}</Text>
          </View>
        }
      >
        <View className="share-sheet__options">
          {store.options.map((o) => (
            <View key={o} className="share-sheet__option" data-testid={`share-opt-${o}`} role="button" onClick={() => void store.choose(o)}>
              <View className="share-sheet__icon">
                <Icon name={ICON[o]} size={24} />
              </View>
              <Text className="share-sheet__label">{t(LABEL[o])}</Text>
            </View>
          ))}
        </View>
      </BottomSheet>
      {store.menuHint ? <ShareMenuHint copied={store.menuHint.copied} onClose={() => store.closeMenuHint()} /> : null}
    </>
  );
});
