import { badRequest, notFound } from '../../errors';
import { requireUser, type Viewer } from '../../viewer';
import type { AccessType } from '../../../../types/api/gallery';
import {
  SMS_CODE_LENGTH,
  type GateKind,
  type IsPassResponse,
  type PermissibilityResponse,
  type SmsSendResponse,
  type SmsValidationResponse
} from '../../../../types/api/permission';
import type { GalleryService } from '../gallery/gallery';
import type { GateAccess } from './gateAccess';
import { passKey } from './gates';

/** A code as sent: digits, or a number whose leading zeros JSON dropped. */
const codeText = (code: string | number) => (typeof code === 'number' ? String(code).padStart(SMS_CODE_LENGTH, '0') : code);

/**
 * The gate pages' calls (spec part 3 §2, §7; types/api/permission.ts): a gate's
 * state, passing it by password or SMS code, sending codes, and what a link needs.
 * Passwords and codes come only in JSON bodies and are never logged.
 *
 * A sub-page of a page-gated gallery shows its ancestor's page gate as its own
 * pgdata gate: the sub-page's permission page passes it (the pass is the ancestor's).
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
    const gate = await this.access.service.gateToPass(user.id, b.id, kind);
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

  /** `GET /api/v2/permissibility?link=`: the gate page's facts and what to pass next (inherited page gates first). */
  async permissibility(v: Viewer, linkId: string): Promise<PermissibilityResponse> {
    const g = await this.galleries.findRow('link_id', linkId);
    if (!g) throw notFound(`Gallery ${linkId} not found`);
    const service = this.access.service;
    const reqs = await service.requirementsOf(g.id);
    const passes = await service.passesOf(v.userId, reqs);
    const open = reqs.filter((r) => !passes.has(passKey(r.gallery_id, r.kind)));
    const view = (k: GateKind) => {
      const ofKind = reqs.filter((r) => r.kind === k);
      const shown = open.find((r) => r.kind === k) ?? ofKind[ofKind.length - 1];
      return { access_type: shown?.access_type ?? ('free' as AccessType), ispass: !open.some((r) => r.kind === k) };
    };
    // Requirements come in the order a visitor passes them: the first open one is next.
    const next = open[0] ?? null;
    const state = next ? (next.access_type as 'password' | 'phone') : reqs.length ? 'passed' : 'free';
    return { gallery_id: g.id, link_id: g.link_id, name: g.name, cover: g.cover, state, kind: next?.kind ?? null, gates: { pgdata: view('pgdata'), watermark: view('watermark') } };
  }
}
