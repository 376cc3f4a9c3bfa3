import type { Db } from '../../db';
import { AppError } from '../../errors';
import { requireRealUser, type Viewer } from '../../viewer';
import type { GalleryService } from '../gallery/gallery';
import type { GateAccess } from '../gates/gateAccess';
import { ErrorCode } from '../../../../types/envelope';
import type { SmsSendResponse } from '../../../../types/api/permission';
import type { SendSmsRequest } from '../../../../types/api/form';
import {
  BIND_CAPTCHA_LENGTH,
  BIND_NAME_MAX,
  BIND_PHONE_DIGITS,
  RED_PACKET_MESSAGES,
  RedPacketError,
  type BindPhoneRequest,
  type BindPhoneResult
} from '../../../../types/api/redpackets';

const LOGIN_FIRST = 'Log in with WeChat to sign up with your phone';
/** The code store's form id for the sign-up (codes are kept apart by purpose 'bindphone'). */
const BIND_FORM_ID = 'bindphone';
const PHONE_RE = new RegExp(`^\\d{${BIND_PHONE_DIGITS}}$`);

const refuse = (key: 'PHONE_INVALID' | 'NAME_REQUIRED' | 'CAPTCHA_INVALID', field: string) =>
  new AppError(RedPacketError[key], RED_PACKET_MESSAGES[key], { field }, 400);

/**
 * The red packet phone sign-up (spec part 3 §5, §7): an SMS code to the phone
 * (`POST /api/common/sendsms {phone, type: 'bindphone', gallery_id}`), then bindphone with the
 * code, a name and the gallery. A bound phone lets the visitor open the gallery's 'limit' packets.
 */
export class RedPacketPhoneService {
  constructor(
    private db: Db,
    private galleries: GalleryService,
    private gates: GateAccess,
    private clock: () => number
  ) {}

  private phone(raw: string): string {
    const p = raw.trim();
    if (!PHONE_RE.test(p)) throw refuse('PHONE_INVALID', 'phone');
    return p;
  }

  /** sendsms with type 'bindphone'. */
  async sendCode(v: Viewer, b: SendSmsRequest): Promise<SmsSendResponse> {
    requireRealUser(v, LOGIN_FIRST);
    const phone = this.phone(b.phone);
    await this.galleries.byId(b.gallery_id);
    await this.gates.assertPass(v, b.gallery_id);
    return this.gates.sms.sendFormCode(v.ip, phone, b.gallery_id, BIND_FORM_ID, 'bindphone');
  }

  /** bindphone: every field checked with the spec's messages first, then the code (200210 'Captcha error' when wrong). */
  async bind(v: Viewer, b: BindPhoneRequest): Promise<BindPhoneResult> {
    const user = requireRealUser(v, LOGIN_FIRST);
    const phone = this.phone(b.phone);
    const name = b.nickname.trim();
    if (!name || [...name].length > BIND_NAME_MAX) throw refuse('NAME_REQUIRED', 'nickname');
    if ([...b.code].length !== BIND_CAPTCHA_LENGTH) throw refuse('CAPTCHA_INVALID', 'code');
    await this.galleries.byId(b.galleryid);
    await this.gates.assertPass(v, b.galleryid);
    const right = await this.gates.sms.checkFormCode(v.ip, phone, b.code, b.galleryid, BIND_FORM_ID, 'bindphone');
    if (!right) throw new AppError(ErrorCode.CAPTCHA_ERROR, 'Captcha error', { key: 'PhoneCodeError' });
    await this.db.query(
      `INSERT INTO red_packet_phones (user_id, gallery_id, phone, name, content, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, gallery_id) DO UPDATE SET phone = EXCLUDED.phone, name = EXCLUDED.name, content = EXCLUDED.content, created_at = EXCLUDED.created_at`,
      [user.id, b.galleryid, phone, name, b.content ?? '', this.clock()]
    );
    return { phone, name, galleryid: b.galleryid };
  }
}
