import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { useStores } from '../../stores/RootStore';
import { t } from '../../i18n';
import './index.scss';

/**
 * The one 'WeChat authorisation' dialog, shown while some action awaits
 * `loginPrompt.requireLogin()`. Login itself is not in this build: 'ok' says so.
 */
function LoginPrompt() {
  const { loginPrompt } = useStores();
  if (!loginPrompt.isOpen) return null;
  const unavailable = loginPrompt.phase === 'unavailable';
  return (
    <View className="login-prompt" data-testid="login-prompt" data-reason={loginPrompt.reason ?? ''}>
      <View className="login-prompt__mask" onClick={() => loginPrompt.cancel()} />
      <View className="login-prompt__dialog">
        <Text className="login-prompt__title">{t('login.title')}</Text>
        <Text className="login-prompt__text" data-testid="login-prompt-text">
          {unavailable ? t('login.unavailable') : t('login.text')}
        </Text>
        <View className="login-prompt__actions">
          {unavailable ? (
            <View className="login-prompt__button login-prompt__button--ok" data-testid="login-prompt-close" onClick={() => loginPrompt.dismiss()}>
              <Text>{t('common.ok')}</Text>
            </View>
          ) : (
            <>
              <View className="login-prompt__button" data-testid="login-prompt-cancel" onClick={() => loginPrompt.cancel()}>
                <Text>{t('common.cancel')}</Text>
              </View>
              <View className="login-prompt__button login-prompt__button--ok" data-testid="login-prompt-ok" onClick={() => loginPrompt.confirm()}>
                <Text>{t('common.ok')}</Text>
              </View>
            </>
          )}
        </View>
      </View>
    </View>
  );
}

export default observer(LoginPrompt);
