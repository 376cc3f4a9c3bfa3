/**
 * Forms (spec part 1 §4, §5, §7, §8; part 2 §3, §5, §7, §8; issue 14 Deliver 5): the phone
 * code of a form_phone field, the phone validation and the paper post of a submit, and the
 * organiser's read-back and CSV export. The rules a submission must follow are in
 * types/formRules.ts, applied to the form as saved in the gallery's pagedata.
 *
 * - sendValidate: `POST /api/common/sendsms {phone, type, country, gallery_id, action}`: a 4-digit
 *   code by SMS, through the same code store, provider and limits as the phone gate
 *   (1 per 60 s per phone, daily caps per phone and per address: 429 with data.retry_after).
 * - validateCodeV2: `POST /api/common/validatecode {phone, country, code, gallery_id, action}`:
 *   right → the phone is verified for this visitor and this form (status 1, and `paid`: the form's
 *   pay fields this phone has paid, from any account); wrong → 200210
 *   (the client shows -1 and clears the code). Guests log in first (401).
 * - validation: `POST /api/v2/policy/records/{gallery id}/validation {action}`: may this visitor submit
 *   this form now (the page's gate passed, logged in where the form has a phone or invite field)?
 *   Answers the phones verified for it.
 * - paper: `POST /api/v2/policy/records/{gallery id}/paper {action, parent, json_data}`: checks every
 *   value and stores the submission, one per visitor and form (a repeated submit replaces it).
 *   Refusals: 400 (a value of the wrong shape, data.field), 200001 (parent not found), 200202 (no
 *   permission: a value not on the field's whitelist, an unverified phone, no payment record),
 *   200208 (wrong invite code), 200209 (wrong password).
 */
import * as T from 'typebox';
import { defineCall } from './contract';
import { Id, LinkId, Line, NullableInteger, NullableString, OpenObject, PageNo } from './schema';
import { SmsSendResponseSchema } from './permission';

/** The form: its component id in the gallery's pagedata. */
const Action = () => Line(64, { minLength: 1, errorMessage: 'must be the form component id (1 to 64 characters)' });
/** Country calling code without the plus. */
const Country = () => T.String({ pattern: '^[1-9][0-9]{0,3}$', default: '86', errorMessage: 'must be a country calling code without the plus (1 to 4 digits)' });
const Phone = () => T.String({ pattern: '^[0-9]{5,15}$', errorMessage: 'must be a phone number (5 to 15 digits)' });
const GalleryParams = () => T.Object({ id: Id() });

/** What the SMS is for (the spec's `type`): forms send 'form' (with `action`), the red packet phone sign-up 'bindphone' (types/api/redpackets.ts). */
export const SMS_TYPES = ['form', 'bindphone'] as const;

export const SendSmsRequestSchema = T.Object({
  phone: Phone(),
  type: T.Unsafe<(typeof SMS_TYPES)[number]>({ type: 'string', enum: [...SMS_TYPES], errorMessage: 'must be form or bindphone' }),
  country: T.Optional(Country()),
  gallery_id: Id(),
  /** The form's component id: required for 'form'. */
  action: T.Optional(Action())
});
export type SendSmsRequest = T.Static<typeof SendSmsRequestSchema>;

export const ValidateCodeRequestSchema = T.Object({
  phone: Phone(),
  country: T.Optional(Country()),
  code: T.String({ pattern: '^[0-9]{4}$', errorMessage: 'must be 4 digits' }),
  gallery_id: Id(),
  action: Action()
});
export type ValidateCodeRequest = T.Static<typeof ValidateCodeRequestSchema>;

/** Phone verification states (part 2 §4): 0 pending, 1 verified, -1 failed. */
export const PhoneCheck = { PENDING: 0, VERIFIED: 1, FAILED: -1 } as const;
export type PhoneCheckState = (typeof PhoneCheck)[keyof typeof PhoneCheck];

export const ValidateCodeResponseSchema = T.Object({
  status: T.Literal(1),
  phone: T.String(),
  country: T.String(),
  /**
   * The form's pay fields (form_pay ids) already paid for this phone, by any account: the visitor
   * who verifies a phone that paid is not asked to pay again.
   */
  paid: T.Array(T.String())
});
export type ValidateCodeResponse = T.Static<typeof ValidateCodeResponseSchema>;

export const FormValidationResponseSchema = T.Object({
  /** The phones verified by this visitor for this form (`country phone`, country without plus). */
  phones: T.Array(T.Object({ phone: T.String(), country: T.String() }))
});
export type FormValidationResponse = T.Static<typeof FormValidationResponseSchema>;

/**
 * makePrePay's `form` for a form's pay field (types/api/pay.ts): the order is tied to this phone of
 * the form, which the server accepts only as one this visitor verified in it (validateCodeV2, within
 * FORM_PHONE_TTL_S); the good must be the goods_id of one of the form's pay fields.
 * A phone is paid once per gallery and good, whichever account pays: while another account's order
 * for it is open, makePrePay answers 202000 (ErrorCode.FORM_PAY_BUSY, data.retry_after in seconds)
 * for at most 5 minutes from that order's start; after that the order counts as walked away from and
 * the next account's prepay closes it with the provider (or settles it, if paid after all); a payment that still arrives for a phone already paid is refunded whole (its Charge's
 * `refund`; makePayUseCharge of it answers 202001, FORM_PAY_REFUNDED).
 */
export const FormPayRefSchema = T.Object({
  gallery_id: Id(),
  action: Action(),
  phone: Phone(),
  country: T.Optional(Country())
});
export type FormPayRef = T.Static<typeof FormPayRefSchema>;

/** Largest `json_data` (bytes of JSON). */
export const FORM_DATA_MAX_BYTES = 64 * 1024;

export const PaperRequestSchema = T.Object({
  action: Action(),
  /** The page opened after success (its link id); must exist (else 200001). */
  parent: LinkId(),
  /** The values by field id (types/formRules.ts FormValues). */
  json_data: OpenObject()
});
export type PaperRequest = T.Static<typeof PaperRequestSchema>;

export const PaperResponseSchema = T.Object({
  id: T.Integer(),
  /** The link id to open: `/g/{redirect}`. */
  redirect: T.String(),
  /** True when this replaced the visitor's earlier submission of the form. */
  replaced: T.Boolean()
});
export type PaperResponse = T.Static<typeof PaperResponseSchema>;

export const formCalls = {
  sendValidate: defineCall('POST', '/api/common/sendsms', { body: SendSmsRequestSchema, response: SmsSendResponseSchema }),
  validateCodeV2: defineCall('POST', '/api/common/validatecode', { body: ValidateCodeRequestSchema, response: ValidateCodeResponseSchema }),
  validation: defineCall('POST', '/api/v2/policy/records/:id/validation', {
    params: GalleryParams(),
    body: T.Object({ action: Action() }),
    response: FormValidationResponseSchema
  }),
  paper: defineCall('POST', '/api/v2/policy/records/:id/paper', { params: GalleryParams(), body: PaperRequestSchema, response: PaperResponseSchema })
};

/** Submissions per page of the organiser's read-back. */
export const SUBMISSIONS_PAGE_SIZE = 50;

/** One stored submission: the values by field id, and the field labels at the time. */
export const SubmissionSchema = T.Object({
  id: T.Integer(),
  gallery_id: T.Integer(),
  form_id: T.String(),
  user_id: NullableInteger(),
  nickname: NullableString(),
  parent: T.String(),
  /** The fields as they were: id, type, label, value (a list for a checkbox, `phone (+country)` for a phone). */
  fields: T.Array(T.Object({ id: T.String(), type: T.String(), field: T.String(), value: T.Union([T.String(), T.Array(T.String())]) })),
  created_at: T.Integer(),
  updated_at: T.Integer()
});
export type Submission = T.Static<typeof SubmissionSchema>;

export const SubmissionListSchema = T.Object({ items: T.Array(SubmissionSchema), total: T.Integer(), page: T.Integer(), page_size: T.Integer() });
export type SubmissionList = T.Static<typeof SubmissionListSchema>;

const SubmissionQuery = () => T.Object({ form: T.Optional(Action()), page: T.Optional(PageNo()) });

/** Organiser (Bearer ORGANIZER_TOKEN): a gallery's submissions, newest first; as CSV (UTF-8 with BOM, one column per field label). */
export const organizerFormCalls = {
  submissions: defineCall('GET', '/api/v2/organizer/galleries/:id/forms/submissions', {
    params: GalleryParams(),
    query: SubmissionQuery(),
    response: SubmissionListSchema
  }),
  csv: defineCall('GET', '/api/v2/organizer/galleries/:id/forms/submissions.csv', { params: GalleryParams(), query: T.Object({ form: T.Optional(Action()) }) }, 'text/csv')
};
