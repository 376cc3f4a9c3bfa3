import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { BottomSheet } from '../components/bottom-sheet';
import { usePageStores } from '../stores/RootStore';
import { copyText } from '../platform/navigate';
import { t } from '../i18n';
import './mini-program.scss';

/**
 * The page's "open in WeChat" sheet: a browser cannot open a mini-program, so a miniprogram link
 * says what it leads to (the mini-program's id and page) and how to get there, with the id to copy.
 */
function MiniProgramHostView() {
  const { miniProgram } = usePageStores();
  const m = miniProgram.current;
  if (!m) return null;
  return (
    <BottomSheet
      title={t('miniprogram.title')}
      onClose={() => miniProgram.close()}
      closeLabel={t('info.close')}
      testId="miniprogram-sheet"
      closeTestId="miniprogram-sheet-close"
      panelClassName="miniprogram-sheet"
    >
      <View className="miniprogram-sheet__body">
        <Text className="miniprogram-sheet__text">{t('miniprogram.explain')}</Text>
        <View className="miniprogram-sheet__fact">
          <Text className="miniprogram-sheet__label">{t('miniprogram.appid')}</Text>
          <Text className="miniprogram-sheet__value" data-testid="miniprogram-appid" userSelect>{m.appid}</Text>
        </View>
        {m.path ? (
          <View className="miniprogram-sheet__fact">
            <Text className="miniprogram-sheet__label">{t('miniprogram.path')}</Text>
            <Text className="miniprogram-sheet__value" data-testid="miniprogram-path" userSelect>{m.path}</Text>
          </View>
        ) : null}
        <Text className="miniprogram-sheet__text">{t('miniprogram.steps')}</Text>
        <View className="miniprogram-sheet__button" data-testid="miniprogram-copy" role="button" onClick={() => void copyText(m.appid).catch(() => undefined)}>
          <Text>{t('miniprogram.copy')}</Text>
        </View>
      </View>
    </BottomSheet>
  );
}

export const MiniProgramHost = observer(MiniProgramHostView);
