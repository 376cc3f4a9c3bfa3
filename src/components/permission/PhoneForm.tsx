import { View, Text, Input } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { PermissionStore } from '../../stores/permission/PermissionStore';
import { SMS_CODE_LENGTH } from '../../../types/api/permission';
import { t } from '../../i18n';
import { FormErrorLine } from './FormErrorLine';

/** The phone gate: phone, 'send code' with its 60 s countdown, the code, submit. */
function PhoneForm({ store }: { store: PermissionStore }) {
  const counting = store.countdown > 0;
  return (
    <View className="permission-form" data-testid="permission-phone-form">
      <Text className="permission-form__title">{t('permission.phoneTitle')}</Text>
      <View className="permission-form__field">
        <Input
          className="permission-form__input"
          data-testid="permission-phone"
          type="number"
          value={store.phone}
          maxlength={11}
          placeholder={t('permission.phonePlaceholder')}
          onInput={(e) => store.setPhone(e.detail.value)}
        />
      </View>
      <View className="permission-form__field permission-form__field--code">
        <Input
          className="permission-form__input"
          data-testid="permission-code"
          type="number"
          value={store.code}
          maxlength={SMS_CODE_LENGTH}
          placeholder={t('permission.codePlaceholder')}
          onInput={(e) => store.setCode(e.detail.value)}
          onConfirm={() => void store.submitPhone()}
        />
        <View
          className={`permission-form__send${store.canSendCode ? '' : ' permission-form__send--disabled'}`}
          data-testid="permission-send-code"
          data-disabled={store.canSendCode ? undefined : 'true'}
          onClick={() => void store.sendCode()}
        >
          <Text>{counting ? t('permission.resendIn', { num: store.countdown }) : t('permission.sendCode')}</Text>
        </View>
      </View>
      <FormErrorLine store={store} />
      <View
        className={`permission-form__submit${store.canSubmitPhone ? '' : ' permission-form__submit--disabled'}`}
        data-testid="permission-submit"
        data-disabled={store.canSubmitPhone ? undefined : 'true'}
        onClick={() => void store.submitPhone()}
      >
        <Text>{t('permission.submit')}</Text>
      </View>
    </View>
  );
}

export default observer(PhoneForm);
