import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { useStores } from '../../stores/RootStore';
import { t } from '../../i18n';
import { BottomSheet } from '../bottom-sheet';
import LoginPopup from './LoginPopup';
import ProfileSheet from './ProfileSheet';
import './index.scss';

/**
 * The one 'WeChat authorisation' dialog, shown while some action awaits
 * `loginPrompt.requireLogin()`: ok runs the login for this visitor's path (the
 * desktop QR popup, the phone's OAuth page, the mini-program code), cancel gives up.
 */
function LoginDialog() {
  const { loginPrompt } = useStores();
  if (!loginPrompt.isOpen) return null;
  const phase = loginPrompt.phase;
  if (phase === 'popup') return <LoginPopup store={loginPrompt} />;
  const profile = phase === 'profile';
  return (
    <BottomSheet
      placement="center"
      className="login-prompt"
      panelClassName={profile ? 'login-prompt__dialog login-profile' : 'login-prompt__dialog'}
      testId="login-prompt"
      panelTestId={profile ? 'login-profile' : undefined}
      dataset={{ reason: loginPrompt.reason ?? '', phase }}
      title={profile ? t('login.profileTitle') : t('login.title')}
      onClose={() => loginPrompt.cancel()}
      // Login hands over to a popup with an iframe and a full-page round trip: history steps there
      // race the iframe's own navigations, so Back stays with the page (the viewer under it) here.
      backCloses={false}
      maskClosable={phase === 'ask'}
      closable={false}
    >
      {profile ? (
        <ProfileSheet store={loginPrompt} />
      ) : (
        <>
          {loginPrompt.sandbox ? (
            <Text className="login-prompt__sandbox" data-testid="login-sandbox">
              {t('login.sandbox')}
            </Text>
          ) : null}
          <Text className="login-prompt__text" data-testid="login-prompt-text">
            {phase === 'unavailable' ? t('login.unavailable') : phase === 'working' ? t('login.working') : t('login.text')}
          </Text>
          <View className="login-prompt__actions">
            {phase === 'unavailable' ? (
              <View className="login-prompt__button login-prompt__button--ok" data-testid="login-prompt-close" onClick={() => loginPrompt.dismiss()}>
                <Text>{t('common.ok')}</Text>
              </View>
            ) : phase === 'ask' ? (
              <>
                <View className="login-prompt__button" data-testid="login-prompt-cancel" onClick={() => loginPrompt.cancel()}>
                  <Text>{t('common.cancel')}</Text>
                </View>
                <View className="login-prompt__button login-prompt__button--ok" data-testid="login-prompt-ok" onClick={() => void loginPrompt.confirm()}>
                  <Text>{t('common.ok')}</Text>
                </View>
              </>
            ) : null}
          </View>
        </>
      )}
    </BottomSheet>
  );
}

export default observer(LoginDialog);
