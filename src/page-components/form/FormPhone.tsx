import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import AtInput from 'taro-ui/lib/components/input';
import { PhoneCheck } from '../../../types/api/form';
import { t } from '../../i18n';
import type { PageComponentRenderProps } from '../types';
import { useFormField } from './context';
import FieldShell from './FieldShell';

/**
 * form_phone (spec part 2 §3, §5): country (+86 by default), phone and a send button with its
 * 60 s countdown; the 4-digit code is checked on its fourth digit: verified, or failed and cleared.
 */
function FormPhone({ id }: PageComponentRenderProps<'form_phone'>) {
  const f = useFormField(id);
  const phone = f?.form.phones.get(id);
  if (!f || !phone) return null;
  const { form, field } = f;
  const sendText = phone.verified ? t('form.verified') : phone.countdown > 0 ? t('form.resendIn', { num: phone.countdown }) : t('form.sendCode');
  return (
    <FieldShell form={form} field={field}>
      <View className="form-phone__row">
        <View className="form-phone__country" data-testid="form-phone-country">
          <Text>+</Text>
          <AtInput name={`${id}-country`} type="number" border={false} maxLength={4} value={phone.country} onChange={(v: unknown) => phone.setCountry(String(v ?? ''))} />
        </View>
        <View className="form-phone__number" data-testid="form-phone-number">
          <AtInput
            name={`${id}-phone`}
            type="phone"
            border={false}
            maxLength={15}
            disabled={phone.verified}
            placeholder={field.props.placeholder || t('form.phonePlaceholder')}
            value={phone.phone}
            onChange={(v: unknown) => phone.setPhone(String(v ?? ''))}
          />
        </View>
        <View
          className={`form-phone__send${phone.canSend ? '' : ' form-phone__send--off'}`}
          data-testid="form-phone-send"
          role="button"
          aria-disabled={!phone.canSend}
          onClick={() => void phone.send()}
        >
          <Text>{sendText}</Text>
        </View>
      </View>
      {phone.verified ? null : (
        <View className="form-phone__code" data-testid="form-phone-code" data-state={phone.state}>
          <AtInput
            name={`${id}-code`}
            type="number"
            border={false}
            maxLength={4}
            placeholder={t('form.codePlaceholder')}
            value={phone.code}
            error={phone.state === PhoneCheck.FAILED}
            onChange={(v: unknown) => phone.setCode(String(v ?? ''))}
          />
        </View>
      )}
      {phone.state === PhoneCheck.FAILED ? (
        <Text className="form-phone__error" data-testid="form-phone-error">
          {t('form.codeWrong')}
        </Text>
      ) : null}
      {phone.verified ? (
        <Text className="form-phone__ok" data-testid="form-phone-verified">
          {t('form.verified')}
        </Text>
      ) : null}
    </FieldShell>
  );
}

export default observer(FormPhone);
