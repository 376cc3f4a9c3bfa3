import { useEffect, useState } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import AtForm from 'taro-ui/lib/components/form';
import AtButton from 'taro-ui/lib/components/button';
import { createFormStore } from '../../stores/form/factory';
import { useStores } from '../../stores/RootStore';
import { t } from '../../i18n';
import type { PageComponentRenderProps } from '../types';
import { FormContext } from './context';
import './form.scss';

/**
 * `form` (spec part 1 §4, §5, §7, §8): its fields are its children, rendered like the page's
 * own components inside a FormContext that gives them the form's store. The submit button
 * looks disabled until every required field is filled; a tap then shows the 3 s top warning
 * naming the field instead of submitting. taro-ui: AtForm, AtInput, AtTextarea, AtRadio,
 * AtCheckbox, AtButton (3.3.2 on Taro 4); pickers are the platform's (platform/date-picker, platform/select).
 */
function Form({ id, props, ctx }: PageComponentRenderProps<'form'>) {
  const redirect = props.redirect || ctx.gallery.parent_link_id || ctx.gallery.link_id;
  const root = useStores();
  const [store] = useState(() =>
    createFormStore({ id, type: 'form', props: props as unknown as Record<string, unknown> }, { galleryId: ctx.gallery.id, formId: id, redirect, customUrl: props.custom_url }, root)
  );
  useEffect(() => () => store.dispose(), [store]);
  const children = Array.isArray(props.children) ? props.children : [];
  return (
    <FormContext.Provider value={store}>
      <View className="form" data-testid="form" data-component-id={id}>
        {store.warning ? (
          <View className="form__warning" data-testid="form-warning" role="alert">
            <Text>{store.warning}</Text>
          </View>
        ) : null}
        {props.title ? <Text className="form__title">{props.title}</Text> : null}
        <AtForm className="form__fields">{ctx.renderChildren?.(children, `${id}-fields`)}</AtForm>
        <View className="form__actions" data-testid="form-submit" data-enabled={store.canSubmit ? 1 : 0} onClick={() => void store.tapSubmit()}>
          <AtButton type="primary" className={store.canSubmit ? 'form__submit' : 'form__submit form__submit--off'} loading={store.submitting}>
            {store.submitting ? t('form.submitting') : props.submit_text || t('form.submit')}
          </AtButton>
        </View>
      </View>
    </FormContext.Provider>
  );
}

export default observer(Form);
