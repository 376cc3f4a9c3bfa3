import { useEffect } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import AtButton from 'taro-ui/lib/components/button';
import { formatCents } from '../../stores/pay/payRules';
import { t } from '../../i18n';
import type { PageComponentRenderProps } from '../types';
import { useFormField } from './context';
import FieldShell from './FieldShell';

/**
 * form_pay (spec part 2 §5, §9): the good's price as ¥ with 2 decimals and a pay button (a verified
 * phone first); once the verified phone has paid (here, or from any account before), the paid state
 * with that phone instead of the button.
 */
function FormPay({ id, props }: PageComponentRenderProps<'form_pay'>) {
  const f = useFormField(id);
  useEffect(() => {
    if (f && props.goods_id) void f.form.loadPrice(id, props.goods_id);
  }, [f?.form, id, props.goods_id]);
  if (!f || !props.goods_id) return null;
  const { form, field } = f;
  const price = form.prices.get(id);
  const payer = form.payer;
  const paid = form.isPaid(id);
  return (
    <FieldShell form={form} field={field}>
      <View className="form-pay__row">
        <Text className="form-pay__price" data-testid="form-pay-price">
          {price == null ? '…' : t('form.price', { price: formatCents(price) })}
        </Text>
        {payer && paid ? (
          <Text className="form-pay__paid" data-testid="form-pay-paid">
            {t('form.paidFor', { phone: payer.masked })}
          </Text>
        ) : (
          <AtButton className="form-pay__button" size="small" type="secondary" disabled={price == null} onClick={() => void form.pay(id)}>
            <Text data-testid="form-pay-button">{t('form.payButton')}</Text>
          </AtButton>
        )}
      </View>
    </FieldShell>
  );
}

export default observer(FormPay);
