import { Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { PermissionStore } from '../../stores/permission/PermissionStore';
import { t } from '../../i18n';

/** The form's current error, in the visitor's language. */
export const FormErrorLine = observer(function FormErrorLine({ store }: { store: PermissionStore }) {
  if (!store.error) return null;
  return (
    <Text className="permission-form__error" data-testid="permission-error" data-key={store.error.key}>
      {t(store.error.key, store.error.params)}
    </Text>
  );
});
