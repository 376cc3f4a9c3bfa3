import { View, Text, Input } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { PermissionStore } from '../../stores/permission/PermissionStore';
import { t } from '../../i18n';
import { FormErrorLine } from './FormErrorLine';

/** The password gate: one field and submit (spec part 3 §2 permission pages). */
function PasswordForm({ store }: { store: PermissionStore }) {
  const submit = () => void store.submitPassword();
  return (
    <View className="permission-form" data-testid="permission-password-form">
      <Text className="permission-form__title">{t('permission.passwordTitle')}</Text>
      <View className="permission-form__field">
        <Input
          className="permission-form__input"
          data-testid="permission-password"
          password
          value={store.password}
          maxlength={64}
          placeholder={t('permission.passwordPlaceholder')}
          confirmType="done"
          onInput={(e) => store.setPassword(e.detail.value)}
          onConfirm={submit}
        />
      </View>
      <FormErrorLine store={store} />
      <View
        className={`permission-form__submit${store.canSubmitPassword ? '' : ' permission-form__submit--disabled'}`}
        data-testid="permission-submit"
        data-disabled={store.canSubmitPassword ? undefined : 'true'}
        onClick={submit}
      >
        <Text>{t('permission.submit')}</Text>
      </View>
    </View>
  );
}

export default observer(PasswordForm);
