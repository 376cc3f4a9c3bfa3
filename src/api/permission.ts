import { permissionCalls, type GateKind } from '../../types/api/permission';
import { call } from './call';

/** Gated pages (spec part 3 §7 permission calls; types/api/permission.ts). Secrets travel only in JSON bodies. */
export const fetchIsPass = (kind: GateKind, galleryId: number) => call(permissionCalls[kind].isPass, { params: { id: galleryId } });

export const checkPassword = (kind: GateKind, galleryId: number, password: string) => call(permissionCalls[kind].check, { body: { id: galleryId, password } });

export const sendSmsCode = (phone: string, galleryId: number) => call(permissionCalls.smsSend, { body: { phone, gallery_id: galleryId } });

export const validateSmsCode = (phone: string, code: string) => call(permissionCalls.smsValidation, { body: { phone, code } });

export const fetchPermissibility = (linkId: string) => call(permissionCalls.permissibility, { query: { link: linkId } });

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
