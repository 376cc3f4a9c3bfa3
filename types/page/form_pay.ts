/** `form_pay`: the paid-view field: pays a good through the payment machinery; needs a verified phone of the form first (spec part 2 §5, '请先验证手机号'). */
import * as T from 'typebox';
import { defineComponent, Props } from './kit';
import { MAX_ID } from '../api/schema';
import { fieldBase } from './formField';

export const FormPayPropsSchema = Props({
  ...fieldBase(),
  /** The pay good (its price in cents comes from the server); 0: none configured, the field shows nothing to pay. */
  goods_id: T.Integer({ minimum: 0, maximum: MAX_ID, default: 0 })
});
export type FormPayProps = T.Static<typeof FormPayPropsSchema>;

export const formPayDefinition = defineComponent('form_pay', FormPayPropsSchema);
