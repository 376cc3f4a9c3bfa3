import type { ReactNode } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { FormStore } from '../../stores/form/FormStore';
import type { FormField } from '../../../types/formRules';
import { t } from '../../i18n';

/** A field's label row (with the required mark) and its control. */
function FieldShell({ form, field, children, bare }: { form: FormStore; field: FormField; children: ReactNode; bare?: boolean }) {
  return (
    <View className={`form-field form-field--${field.type.slice(5)}`} data-testid="form-field" data-field={field.id} data-type={field.type} data-filled={form.filled(field) ? 1 : 0}>
      {bare ? null : (
        <View className="form-field__label">
          <Text>{form.label(field)}</Text>
          {field.props.required ? (
            <Text className="form-field__required" aria-label={t('form.required')}>
              *
            </Text>
          ) : null}
        </View>
      )}
      {children}
    </View>
  );
}

export default observer(FieldShell);
