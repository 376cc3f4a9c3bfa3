import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { LoginPromptStore } from '../../stores/login/LoginPromptStore';
import { loginFrame } from '../../platform/login';
import { t } from '../../i18n';
import { BottomSheet } from '../bottom-sheet';

/**
 * Desktop login: WeChat's QR login page (or, in the sandbox, the sandbox
 * authorise page) in our own popup, with the Chinese/English toggle. The store
 * polls the session and closes the popup once the visitor is a real user.
 */
function LoginPopup({ store }: { store: LoginPromptStore }) {
  const title = store.sandbox ? t('login.popupSandboxTitle') : t('login.popupTitle');
  return (
    <BottomSheet
      placement="center"
      className="login-popup"
      panelClassName="login-popup__box"
      testId="login-popup"
      dataset={{ lang: store.popupLang }}
      title={title}
      titleTestId="login-popup-title"
      onClose={() => store.closePopup()}
      maskClosable={false}
      // Its iframe's navigations share the tab's history: a history step would move the iframe, not the popup.
      backCloses={false}
      closeTestId="login-popup-close"
      closeLabel={t('login.close')}
    >
      <View className="login-popup__langs">
        {(['cn', 'en'] as const).map((l) => (
          <View
            key={l}
            className={`login-popup__lang${store.popupLang === l ? ' login-popup__lang--on' : ''}`}
            data-testid={`login-popup-lang-${l}`}
            data-on={store.popupLang === l ? 'true' : 'false'}
            onClick={() => void store.setPopupLang(l)}
          >
            <Text>{t(l === 'cn' ? 'login.langCn' : 'login.langEn')}</Text>
          </View>
        ))}
      </View>
      <View className="login-popup__body">{loginFrame(store.popupUrl, title)}</View>
      <Text className="login-popup__hint">{t('login.popupWaiting')}</Text>
    </BottomSheet>
  );
}

export default observer(LoginPopup);
