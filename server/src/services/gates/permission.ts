import { badRequest } from '../../errors';
import { requireUser, type Viewer } from '../../viewer';
import { SMS_CODE_LENGTH, type GateKind, type IsPassResponse, type PermissibilityResponse, type SmsSendResponse, type SmsValidationResponse } from '../../../../types/api/permission';
import type { GalleryService } from '../gallery/gallery';
import type { GateAccess } from './gateAccess';

/** A code as sent: digits, or a number whose leading zeros JSON dropped. */
const codeText = (code: string | number) => (typeof code === 'number' ? String(code).padStart(SMS_CODE_LENGTH, '0') : code);

/**
 * The gate pages' calls (spec part 3 §2, §7; types/api/permission.ts): a gate's
 * state, passing it by password or SMS code, sending codes, and what a link needs.
 * Passwords and codes come only in JSON bodies and are never logged.
 */
export class PermissionService {
  constructor(
    private galleries: GalleryService,
    private access: GateAccess
  ) {}

  async isPass(v: Viewer, kind: GateKind, galleryId: number): Promise<IsPassResponse> {
    await this.galleries.cachedById(galleryId);
    return this.access.service.status(v.userId, galleryId, kind);
  }

  /** Pass a gate: a password gate takes `password`, a phone gate `phone` and `code`. Needs a session (guests too). */
  async check(v: Viewer, kind: GateKind, b: { id: number; password?: string; phone?: string; code?: string | number }): Promise<IsPassResponse> {
    await this.galleries.cachedById(b.id);
    const user = requireUser(v);
    const gate = (await this.access.service.gatesOf(b.id))[kind];
    if (!gate) return this.access.service.status(user.id, b.id, kind);
    if (gate.access_type === 'phone') {
      if (!b.phone) throw badRequest('phone must be 11 digits');
      if (b.code === undefined) throw badRequest(`code must be ${SMS_CODE_LENGTH} digits`);
      await this.access.sms.validate(user.id, v.ip, b.phone, codeText(b.code), b.id);
      return this.access.service.status(user.id, b.id, kind);
    }
    if (!b.password) throw badRequest('password is required');
    return this.access.service.checkPassword(user.id, v.ip, b.id, kind, b.password);
  }

  async sendCode(v: Viewer, phone: string, galleryId: number): Promise<SmsSendResponse> {
    await this.galleries.cachedById(galleryId);
    requireUser(v);
    return this.access.sms.send(v.ip, phone, galleryId);
  }

  async validateCode(v: Viewer, phone: string, code: string | number): Promise<SmsValidationResponse> {
    const user = requireUser(v);
    return this.access.sms.validate(user.id, v.ip, phone, codeText(code));
  }

  permissibility(v: Viewer, linkId: string): Promise<PermissibilityResponse> {
    return this.access.service.permissibility(v.userId, linkId);
  }
}
