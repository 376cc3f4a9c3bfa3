/**
 * Pieces every form field's definition shares (spec part 1 §3 "Form field: field, type,
 * required, whitelist"; part 2 §3, §5). A field is a component inside a `form`'s `children`;
 * the form collects the values and submits them (types/formRules.ts holds the rules both
 * sides apply to them).
 */
import * as T from 'typebox';
import { Line } from './kit';

/** Longest field label (also the CSV column of the organiser's export). */
export const FORM_FIELD_LABEL_MAX = 40;
/** Most whitelist entries of one field. */
export const FORM_WHITELIST_MAX = 1000;
/** Most options of a radio, checkbox or select field. */
export const FORM_OPTIONS_MAX = 50;

/**
 * `field`: the label shown (empty: the app's own word for the type); `required`: submit stays
 * disabled until it is filled; `placeholder`: the hint inside (empty: the app's own).
 */
export const fieldBase = () => ({
  field: Line(FORM_FIELD_LABEL_MAX, { default: '' }),
  required: T.Boolean({ default: false }),
  placeholder: Line(60, { default: '' })
});

/** The only values accepted (empty list: any). Input and phone fields refuse others with 200202, invite 200208, password 200209. */
export const Whitelist = () => T.Array(Line(100, { minLength: 1 }), { maxItems: FORM_WHITELIST_MAX, default: [] });

/** The choices of a radio, checkbox or select field. */
export const Options = () => T.Array(Line(50, { minLength: 1 }), { maxItems: FORM_OPTIONS_MAX, default: [] });
