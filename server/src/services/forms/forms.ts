import type { Db } from '../../db';
import { AppError, badRequest, jsonTooDeep, notFound } from '../../errors';
import { MAX_JSON_DEPTH, jsonValueTooDeep } from '../../../../types/jsonDepth';
import { requireRealUser, requireUser, type Viewer } from '../../viewer';
import type { GateAccess } from '../gates/gateAccess';
import type { GalleryService } from '../gallery/gallery';
import { ErrorCode } from '../../../../types/envelope';
import type { SmsSendResponse } from '../../../../types/api/permission';
import {
  FORM_DATA_MAX_BYTES,
  type FormPayRef,
  type FormValidationResponse,
  type PaperRequest,
  type PaperResponse,
  type SendSmsRequest,
  type ValidateCodeRequest,
  type ValidateCodeResponse
} from '../../../../types/api/form';
import {
  FORM_DEFAULT_COUNTRY,
  fieldProblem,
  findForm,
  formFields,
  isFilled,
  needsLogin,
  validPhone,
  type FieldProblem,
  type FormField,
  type FormValue,
  type PhoneValue
} from '../../../../types/formRules';
import { storedFields } from './stored';
import { formPaidOrder, type FormPayer, type FormPayers, type PhoneKey } from '../pay/formOrders';

const now = () => Math.floor(Date.now() / 1000);
/** A verified phone counts for a submit for a day. */
export const FORM_PHONE_TTL_S = 24 * 3600;
const LOGIN_FIRST = 'Log in before submitting this form';
const VERIFY_FIRST = 'Verify the phone number first';
const NO_PAY_RECORD = 'no payment record for this phone number';

/** The number as the SMS provider dials it and the code store keys it: plain for China, `+{country}{phone}` elsewhere. */
export const dialKey = (country: string, phone: string) => (country === FORM_DEFAULT_COUNTRY ? phone : `+${country}${phone}`);

/** What each whitelist refusal answers (spec part 1 §8). */
const REFUSALS: Partial<Record<FieldProblem, [number, string]>> = {
  not_allowed: [ErrorCode.NO_PERMISSION, 'This value is not allowed'],
  wrong_invite: [ErrorCode.WRONG_INVITE_CODE, 'Wrong invite code'],
  wrong_password: [ErrorCode.WRONG_PASSWORD, 'Wrong password']
};

interface LoadedForm {
  fields: FormField[];
}

/**
 * Visitors' side of forms (issue 14 Deliver 5): the phone code of a form_phone field, the
 * phone validation and the paper post. Every rule of a value is types/formRules.ts, applied
 * to the form as saved in the gallery's pagedata; nothing the client says about the form is trusted.
 * A pay field (form_pay) is paid per verified phone (migration 023): the payer of its order is a
 * phone of the visitor's verification record (`payer`), and "paid" is looked up by gallery, good
 * and phone, whichever account paid.
 */
export class FormService implements FormPayers {
  constructor(
    private db: Db,
    private galleries: GalleryService,
    private gates: GateAccess
  ) {}

  /** The form `formId` of the gallery's page, after its gate (200202 without the pass). */
  private async load(v: Viewer, galleryId: number, formId: string): Promise<LoadedForm> {
    const g = await this.galleries.byId(galleryId);
    await this.gates.assertPass(v, galleryId);
    const form = findForm(g.pagedata?.components, formId);
    if (!form) throw notFound(`Form ${formId} not found on this page`);
    return { fields: formFields(form) };
  }

  private phoneField(f: LoadedForm): FormField<'form_phone'> {
    const field = f.fields.find((x) => x.type === 'form_phone');
    if (!field) throw badRequest('This form has no phone field');
    return field as FormField<'form_phone'>;
  }

  /** sendValidate: a code to a phone of the form's phone field (a guest logs in first: 401). */
  async sendCode(v: Viewer, b: SendSmsRequest): Promise<SmsSendResponse> {
    requireRealUser(v, LOGIN_FIRST);
    if (!b.action) throw badRequest('action is required for a form code');
    const f = await this.load(v, b.gallery_id, b.action);
    const field = this.phoneField(f);
    const country = b.country ?? FORM_DEFAULT_COUNTRY;
    if (!validPhone(country, b.phone)) throw badRequest('phone is not a phone number of this country');
    if (field.props.whitelist.length && !field.props.whitelist.includes(b.phone)) throw new AppError(ErrorCode.NO_PERMISSION, 'This phone number is not allowed');
    return this.gates.sms.sendFormCode(v.ip, dialKey(country, b.phone), b.gallery_id, b.action);
  }

  /** validateCodeV2: a right code verifies the phone for this visitor and form (200210 when wrong). */
  async checkCode(v: Viewer, b: ValidateCodeRequest): Promise<ValidateCodeResponse> {
    const user = requireRealUser(v, LOGIN_FIRST);
    const f = await this.load(v, b.gallery_id, b.action);
    this.phoneField(f);
    const country = b.country ?? FORM_DEFAULT_COUNTRY;
    if (!validPhone(country, b.phone)) throw badRequest('phone is not a phone number of this country');
    const right = await this.gates.sms.checkFormCode(v.ip, dialKey(country, b.phone), b.code, b.gallery_id, b.action);
    if (!right) throw new AppError(ErrorCode.CAPTCHA_ERROR, 'Captcha error', { key: 'PhoneCodeError' });
    await this.db.query(
      `INSERT INTO form_phones (user_id, gallery_id, form_id, country, phone, verified_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, gallery_id, form_id, country, phone) DO UPDATE SET verified_at = EXCLUDED.verified_at`,
      [user.id, b.gallery_id, b.action, country, b.phone, now()]
    );
    return { status: 1, phone: b.phone, country, paid: await this.paidFields(user.id, b.gallery_id, f.fields, [{ country, phone: b.phone }]) };
  }

  /**
   * makePrePay's `form`: the form's pay field selling `goodsId`, and the phone, accepted only as
   * one this visitor verified in this form (200202 otherwise: a phone in the body proves nothing).
   */
  async payer(v: Viewer, ref: FormPayRef, goodsId: number): Promise<FormPayer> {
    const user = requireRealUser(v, LOGIN_FIRST);
    const f = await this.load(v, ref.gallery_id, ref.action);
    if (!f.fields.some((x) => x.type === 'form_pay' && (x as FormField<'form_pay'>).props.goods_id === goodsId)) {
      throw badRequest('This form has no pay field for this good');
    }
    const country = ref.country ?? FORM_DEFAULT_COUNTRY;
    const verified = await this.verifiedPhones(user.id, ref.gallery_id, ref.action);
    if (!verified.some((x) => x.phone === ref.phone && x.country === country)) throw new AppError(ErrorCode.NO_PERMISSION, VERIFY_FIRST, { field: 'phone' });
    return { galleryId: ref.gallery_id, formId: ref.action, country, phone: ref.phone };
  }

  /** The form's pay fields with a good that are paid for one of `phones` (or by the account before migration 023). */
  private async paidFields(userId: number, galleryId: number, fields: FormField[], phones: readonly PhoneKey[]): Promise<string[]> {
    const paid: string[] = [];
    for (const field of fields) {
      if (field.type !== 'form_pay') continue;
      const goodsId = (field as FormField<'form_pay'>).props.goods_id;
      if (goodsId && (await formPaidOrder(this.db, userId, galleryId, goodsId, phones))) paid.push(field.id);
    }
    return paid;
  }

  /** The visitor who may submit: a real user where the form has a phone or invite field (401 for a guest), else any session. */
  private submitter(v: Viewer, f: LoadedForm) {
    return needsLogin(f.fields) ? requireRealUser(v, LOGIN_FIRST) : requireUser(v);
  }

  private async verifiedPhones(userId: number, galleryId: number, formId: string): Promise<Array<{ phone: string; country: string }>> {
    const { rows } = await this.db.query<{ phone: string; country: string }>(
      'SELECT phone, country FROM form_phones WHERE user_id = $1 AND gallery_id = $2 AND form_id = $3 AND verified_at > $4 ORDER BY verified_at DESC',
      [userId, galleryId, formId, now() - FORM_PHONE_TTL_S]
    );
    return rows;
  }

  /** The phone validation of a submit: 200202 while a required phone field has no verified phone. */
  async validation(v: Viewer, galleryId: number, formId: string): Promise<FormValidationResponse> {
    const f = await this.load(v, galleryId, formId);
    const user = this.submitter(v, f);
    const phones = await this.verifiedPhones(user.id, galleryId, formId);
    if (f.fields.some((x) => x.type === 'form_phone' && x.props.required) && !phones.length) {
      throw new AppError(ErrorCode.NO_PERMISSION, VERIFY_FIRST);
    }
    return { phones };
  }

  /** The paper post: every value checked, then the visitor's submission stored (or replaced) in one statement. */
  async paper(v: Viewer, galleryId: number, b: PaperRequest): Promise<PaperResponse> {
    const f = await this.load(v, galleryId, b.action);
    const user = this.submitter(v, f);
    const parent = await this.galleries.findRow('link_id', b.parent);
    if (!parent) throw new AppError(ErrorCode.NO_REDIRECT, 'Redirect page not found');
    const values = this.readValues(f, b.json_data);
    const year = new Date().getUTCFullYear();
    for (const field of f.fields) {
      const problem = fieldProblem(field, values[field.id], year);
      if (!problem) continue;
      const refusal = REFUSALS[problem];
      if (refusal) throw new AppError(refusal[0], refusal[1], { field: field.id });
      throw new AppError(ErrorCode.BAD_REQUEST, `json_data.${field.id}: ${problem === 'required' ? 'is required' : `is not a valid ${field.type.slice(5)} value`}`, {
        field: field.id,
        problem
      });
    }
    const phones = await this.checkPhones(user.id, galleryId, b.action, f.fields, values);
    await this.checkPaid(user.id, galleryId, f.fields, phones);
    const stored = JSON.stringify(storedFields(f.fields, values));
    const t = now();
    const { rows } = await this.db.query<{ id: number; replaced: boolean }>(
      `INSERT INTO form_submissions (gallery_id, form_id, user_id, parent, fields, created_at, updated_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6)
       ON CONFLICT (gallery_id, form_id, user_id) DO UPDATE SET parent = EXCLUDED.parent, fields = EXCLUDED.fields, updated_at = EXCLUDED.updated_at
       RETURNING id, (xmax::text <> '0') AS replaced`,
      [galleryId, b.action, user.id, b.parent, stored, t]
    );
    return { id: rows[0].id, redirect: b.parent, replaced: rows[0].replaced };
  }

  /** json_data: at most MAX_JSON_DEPTH deep (checked before JSON.stringify walks it), FORM_DATA_MAX_BYTES, and only the form's own field ids. */
  private readValues(f: LoadedForm, data: Record<string, unknown>): Record<string, FormValue> {
    if (jsonValueTooDeep(data, MAX_JSON_DEPTH)) throw jsonTooDeep();
    const bytes = Buffer.byteLength(JSON.stringify(data));
    if (bytes > FORM_DATA_MAX_BYTES) throw badRequest(`json_data must be at most ${FORM_DATA_MAX_BYTES} bytes of JSON`);
    const ids = new Set(f.fields.map((x) => x.id));
    for (const key of Object.keys(data)) if (!ids.has(key)) throw new AppError(ErrorCode.BAD_REQUEST, `json_data.${key}: is not a field of this form`, { field: key });
    return data as Record<string, FormValue>;
  }

  /** A phone given must be one this visitor verified for this form (200202 otherwise); answers the phones given. */
  private async checkPhones(userId: number, galleryId: number, formId: string, fields: FormField[], values: Record<string, FormValue>): Promise<PhoneKey[]> {
    const given = fields.filter((x) => x.type === 'form_phone' && isFilled(x, values[x.id])).map((x) => values[x.id] as PhoneValue);
    if (!given.length) return [];
    const verified = await this.verifiedPhones(userId, galleryId, formId);
    for (const p of given) {
      if (!verified.some((x) => x.phone === p.phone && x.country === p.country)) throw new AppError(ErrorCode.NO_PERMISSION, VERIFY_FIRST, { field: 'phone' });
    }
    return given.map((p) => ({ country: p.country, phone: p.phone }));
  }

  /** A required pay field with a good: paid for a verified phone of this submission (by any account), else 200202. */
  private async checkPaid(userId: number, galleryId: number, fields: FormField[], phones: PhoneKey[]) {
    const paid = await this.paidFields(
      userId,
      galleryId,
      fields.filter((x) => x.props.required),
      phones
    );
    for (const field of fields) {
      if (field.type !== 'form_pay' || !field.props.required || !(field as FormField<'form_pay'>).props.goods_id) continue;
      if (!paid.includes(field.id)) throw new AppError(ErrorCode.NO_PERMISSION, NO_PAY_RECORD, { field: field.id });
    }
  }
}
