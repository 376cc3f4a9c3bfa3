import crypto from 'node:crypto';
import type { Db } from '../../db';
import { AppError, badRequest } from '../../errors';
import type { RateLimiter } from '../shared/rateLimit';
import type { SmsProvider } from '../../providers/sms';
import type { GateRequirement, GateService } from './gates';
import { ErrorCode } from '../../../../types/envelope';
import {
  SMS_CODE_LENGTH, SMS_CODE_MAX_TRIES, SMS_CODE_TTL_S, SMS_RESEND_S,
  type CaptchaErrorKey, type SmsSendResponse, type SmsValidationResponse
} from '../../../../types/api/permission';

const now = () => Math.floor(Date.now() / 1000);
const DAY = 86400;
/** SMS sends (issue 5 item 6): one per 60 s per phone, daily caps per phone and per IP (UTC days). */
export const SMS_LIMIT_PHONE = { limit: 1, windowS: SMS_RESEND_S };
export const SMS_LIMIT_PHONE_DAY = { limit: 10, windowS: DAY };
export const SMS_LIMIT_IP_DAY = { limit: 50, windowS: DAY };
/** Code checks per IP; each code also dies after SMS_CODE_MAX_TRIES tries (the right one counts too). */
export const SMS_CHECK_LIMIT_IP = { limit: 30, windowS: 60 };

const captchaError = (key: CaptchaErrorKey) => new AppError(ErrorCode.CAPTCHA_ERROR, 'Captcha error', { key });

interface CodeRow {
  id: number;
  gallery_id: number;
  code_hash: string;
  tries: number;
}

/** Phone-gate codes: send through the SMS provider, check, and pass the gallery's phone gates. */
export class SmsCodeService {
  private key: Buffer;

  constructor(
    private db: Db,
    private limits: RateLimiter,
    private sms: () => SmsProvider,
    private gates: GateService,
    secret: string
  ) {
    this.key = crypto.createHmac('sha256', secret).update('sms-code').digest();
  }

  private hash(phone: string, code: string): string {
    return crypto.createHmac('sha256', this.key).update(`${phone}:${code}`).digest('hex');
  }

  /** The phone gates a code for this gallery passes: its own, and its ancestors' page gates. */
  private async phoneGates(galleryId: number): Promise<GateRequirement[]> {
    return (await this.gates.requirementsOf(galleryId)).filter((r) => r.access_type === 'phone');
  }

  /**
   * Send a code for the phone gates of `galleryId` (an ancestor's page gate included).
   * A phone no gate lets through gets the same answer and a code row that was never
   * sent, so nothing tells it apart.
   */
  async send(ip: string, phone: string, galleryId: number): Promise<SmsSendResponse> {
    const phoneGates = await this.phoneGates(galleryId);
    if (!phoneGates.length) throw badRequest('This gallery has no phone gate');
    await this.enforceSendLimits(ip, phone);
    const allowed = phoneGates.some((g) => lets(g, phone));
    const code = newCode();
    await this.db.query(
      'INSERT INTO sms_codes (phone, gallery_id, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)',
      [phone, galleryId, allowed ? this.hash(phone, code) : this.hash(phone, crypto.randomBytes(16).toString('hex')), now() + SMS_CODE_TTL_S, now()]
    );
    if (allowed) await this.sms().sendCode(phone, code);
    return { resend_after: SMS_RESEND_S, expires_in: SMS_CODE_TTL_S };
  }

  /**
   * Check the latest live code sent to `phone`; right: the code is used up and every
   * phone gate of its gallery that lets this phone through is passed for `userId`.
   * `galleryId`, when given, must be the gallery the code was sent for.
   *
   * Every guess, right or wrong, takes one of the code's SMS_CODE_MAX_TRIES tries in
   * the same statement that reads the code (a row update: concurrent guesses queue on
   * the row and each sees the count the one before left), so however many guesses
   * arrive at once, at most that many are ever compared.
   */
  async validate(userId: number, ip: string, phone: string, code: string, galleryId?: number): Promise<SmsValidationResponse> {
    await this.limits.enforce(`sms:check:ip:${ip}`, SMS_CHECK_LIMIT_IP, 'Too many code checks, please try again later');
    const { rows } = await this.db.query<CodeRow>(
      `UPDATE sms_codes SET tries = tries + 1
       WHERE id = (SELECT id FROM sms_codes WHERE phone = $1 AND purpose = 'gate' AND NOT used AND expires_at > $2 ORDER BY id DESC LIMIT 1)
         AND NOT used AND tries < $3 AND ($4::int IS NULL OR gallery_id = $4)
       RETURNING id, gallery_id, code_hash, tries`,
      [phone, now(), SMS_CODE_MAX_TRIES, galleryId ?? null]
    );
    const row = rows[0];
    if (!row) throw await this.deadCode(phone, galleryId);
    const gates = await this.phoneGates(row.gallery_id);
    const fail = () => captchaError(gates.some((g) => g.phone_whitelist.length > 0) ? 'PhoneCodeErrorWhite' : 'PhoneCodeError');

    const expected = Buffer.from(row.code_hash, 'hex');
    const got = Buffer.from(this.hash(phone, code), 'hex');
    if (!crypto.timingSafeEqual(expected, got)) throw fail();
    // Used once: of two concurrent right answers only one wins.
    const spent = await this.db.query('UPDATE sms_codes SET used = true WHERE id = $1 AND NOT used RETURNING id', [row.id]);
    const passed = gates.filter((g) => lets(g, phone));
    if (!spent.rows.length || !passed.length) throw fail();
    for (const g of passed) await this.gates.grant(userId, g.gallery_id, g.kind);
    const kinds = [...new Set(passed.map((g) => g.kind))];
    const passes = [];
    for (const k of kinds) passes.push(await this.gates.status(userId, row.gallery_id, k));
    return { gallery_id: row.gallery_id, passes };
  }

  /** The send limits every code shares (gate and form): one per 60 s per phone, daily caps per phone and per address. */
  private async enforceSendLimits(ip: string, phone: string): Promise<void> {
    await this.limits.enforce(`sms:phone:${phone}`, SMS_LIMIT_PHONE, 'Please wait before asking for another code');
    await this.limits.enforce(`sms:day:phone:${phone}`, SMS_LIMIT_PHONE_DAY, 'Too many codes for this phone today');
    await this.limits.enforce(`sms:day:ip:${ip}`, SMS_LIMIT_IP_DAY, 'Too many codes from this address today');
  }

  /**
   * A form_phone field's code (issue 14 forms): the same limits, store and provider as the gate's,
   * kept apart by purpose 'form' and the form's id, so a form code never opens a gate nor the
   * reverse. `phone` is the number as the provider dials it (`+{country}{phone}` outside China).
   * The red packet phone sign-up uses the same with purpose 'bindphone' (form id 'bindphone').
   */
  async sendFormCode(ip: string, phone: string, galleryId: number, formId: string, purpose: 'form' | 'bindphone' = 'form'): Promise<SmsSendResponse> {
    await this.enforceSendLimits(ip, phone);
    const code = newCode();
    await this.db.query(
      `INSERT INTO sms_codes (phone, gallery_id, code_hash, expires_at, created_at, purpose, form_id) VALUES ($1, $2, $3, $4, $5, $7, $6)`,
      [phone, galleryId, this.hash(phone, code), now() + SMS_CODE_TTL_S, now(), formId, purpose]
    );
    await this.sms().sendCode(phone, code);
    return { resend_after: SMS_RESEND_S, expires_in: SMS_CODE_TTL_S };
  }

  /** Checks the latest live form code of this phone and form, with the gate's try counting; true once, for the right code. */
  async checkFormCode(ip: string, phone: string, code: string, galleryId: number, formId: string, purpose: 'form' | 'bindphone' = 'form'): Promise<boolean> {
    await this.limits.enforce(`sms:check:ip:${ip}`, SMS_CHECK_LIMIT_IP, 'Too many code checks, please try again later');
    const { rows } = await this.db.query<CodeRow>(
      `UPDATE sms_codes SET tries = tries + 1
       WHERE id = (SELECT id FROM sms_codes WHERE phone = $1 AND purpose = $6 AND gallery_id = $4 AND form_id = $5
                     AND NOT used AND expires_at > $2 ORDER BY id DESC LIMIT 1)
         AND NOT used AND tries < $3
       RETURNING id, gallery_id, code_hash, tries`,
      [phone, now(), SMS_CODE_MAX_TRIES, galleryId, formId, purpose]
    );
    const row = rows[0];
    if (!row) return false;
    if (!crypto.timingSafeEqual(Buffer.from(row.code_hash, 'hex'), Buffer.from(this.hash(phone, code), 'hex'))) return false;
    const spent = await this.db.query('UPDATE sms_codes SET used = true WHERE id = $1 AND NOT used RETURNING id', [row.id]);
    return spent.rows.length > 0;
  }

  /** No try left to take: no live code, one of another gallery (plain error), or one out of tries (its gallery's error). */
  private async deadCode(phone: string, galleryId: number | undefined): Promise<AppError> {
    const { rows } = await this.db.query<{ gallery_id: number }>(
      `SELECT gallery_id FROM sms_codes WHERE phone = $1 AND purpose = 'gate' AND NOT used AND expires_at > $2 ORDER BY id DESC LIMIT 1`,
      [phone, now()]
    );
    const g = rows[0];
    if (!g || (galleryId !== undefined && g.gallery_id !== galleryId)) return captchaError('PhoneCodeError');
    const whitelisted = (await this.phoneGates(g.gallery_id)).some((r) => r.phone_whitelist.length > 0);
    return captchaError(whitelisted ? 'PhoneCodeErrorWhite' : 'PhoneCodeError');
  }
}

const newCode = () => String(crypto.randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');

/** Whether a phone gate lets this phone through (no whitelist: any phone). */
const lets = (g: GateRequirement, phone: string) => !g.phone_whitelist.length || g.phone_whitelist.includes(phone);
