import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { LoginPromptStore } from '../../stores/login/LoginPromptStore';
import { loginFrame } from '../../platform/login';
import { t } from '../../i18n';

/**
 * Desktop login: WeChat's QR login page (or, in the sandbox, the sandbox
 * authorise page) in our own popup, with the Chinese/English toggle. The store
 * polls the session and closes the popup once the visitor is a real user.
 */
function LoginPopup({ store }: { store: LoginPromptStore }) {
  const title = store.sandbox ? t('login.popupSandboxTitle') : t('login.popupTitle');
  return (
    <View className="login-popup" data-testid="login-popup" data-lang={store.popupLang}>
      <View className="login-prompt__mask" />
      <View className="login-popup__box">
        <View className="login-popup__head">
          <Text className="login-popup__title" data-testid="login-popup-title">{title}</Text>
          <View className="login-popup__close" data-testid="login-popup-close" aria-label={t('login.close')} onClick={() => store.closePopup()}>
            <Text>×</Text>
          </View>
        </View>
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
      </View>
    </View>
  );
}

export default observer(LoginPopup);
