import type {
  GateKind,
  IsPassResponse,
  PermissibilityResponse,
  SmsSendResponse,
  SmsValidationResponse,
  VisitCheckResponse
} from '../../types/api/permission';
import { get, post } from './client';

/** Gated pages (spec part 3 §7 permission calls; types/api/permission.ts). Secrets travel only in JSON bodies. */
const GATE_BASE: Record<GateKind, string> = {
  watermark: '/api/v2/gallery/watermark',
  pgdata: '/api/v2/gallerypgdata/permisson'
};

export const fetchIsPass = (kind: GateKind, galleryId: number) => get<IsPassResponse>(`${GATE_BASE[kind]}/ispass/${galleryId}`);

export const checkPassword = (kind: GateKind, galleryId: number, password: string) =>
  post<VisitCheckResponse>(`${GATE_BASE[kind]}/visit/check`, { id: galleryId, password });

export const sendSmsCode = (phone: string, galleryId: number) => post<SmsSendResponse>('/api/v2/policy/sms/send', { phone, gallery_id: galleryId });

export const validateSmsCode = (phone: string, code: string) => post<SmsValidationResponse>('/api/v2/policy/sms/validation', { phone, code });

export const fetchPermissibility = (linkId: string) => get<PermissibilityResponse>('/api/v2/permissibility', { link: linkId });

export interface PermissionApi {
  isPass: typeof fetchIsPass;
  checkPassword: typeof checkPassword;
  sendCode: typeof sendSmsCode;
  validateCode: typeof validateSmsCode;
}

export const permissionApi: PermissionApi = {
  isPass: fetchIsPass,
  checkPassword,
  sendCode: sendSmsCode,
  validateCode: validateSmsCode
};
