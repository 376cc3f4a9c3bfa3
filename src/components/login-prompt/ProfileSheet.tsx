import { useState } from 'react';
import { View, Text, Button, Input, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { LoginPromptStore } from '../../stores/login/LoginPromptStore';
import { t } from '../../i18n';

/**
 * Mini-program profile after the first login: WeChat no longer hands out real
 * profiles, so the visitor picks an avatar (chooseAvatar button) and a nickname
 * (type="nickname" input), posted to the profile call. Skippable. The content of the
 * login dialog's sheet (LoginPrompt gives it the title and the login-profile test id).
 */
function ProfileSheet({ store }: { store: LoginPromptStore }) {
  const [avatar, setAvatar] = useState('');
  const [nickname, setNickname] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    // The chosen avatar is a temporary file on the device: the store uploads it first.
    await store.saveProfile({ nickname, avatar: avatar || undefined });
    setBusy(false);
  };
  return (
    <>
      <Button
        className="login-profile__avatar"
        openType="chooseAvatar"
        data-testid="login-profile-avatar"
        onChooseAvatar={(e) => setAvatar(String((e.detail as { avatarUrl?: string }).avatarUrl ?? ''))}
      >
        {avatar ? <Image className="login-profile__avatar-img" src={avatar} /> : <Text>{t('login.profileAvatar')}</Text>}
      </Button>
      <View className="login-profile__row">
        <Text className="login-profile__label">{t('login.profileNickname')}</Text>
        <Input
          className="login-profile__input"
          type="nickname"
          data-testid="login-profile-nickname"
          placeholder={t('login.profileNicknamePlaceholder')}
          value={nickname}
          onInput={(e) => setNickname(e.detail.value)}
          onBlur={(e) => setNickname(e.detail.value)}
        />
      </View>
      <View className="login-prompt__actions">
        <View className="login-prompt__button" data-testid="login-profile-skip" onClick={() => store.skipProfile()}>
          <Text>{t('login.profileSkip')}</Text>
        </View>
        <View className="login-prompt__button login-prompt__button--ok" data-testid="login-profile-save" onClick={() => !busy && void save()}>
          <Text>{t('login.profileSave')}</Text>
        </View>
      </View>
    </>
  );
}

export default observer(ProfileSheet);
