import { formCalls, type PaperRequest, type SendSmsRequest, type ValidateCodeRequest } from '../../types/api/form';
import { call } from './call';

/** Form calls (types/api/form.ts): the phone code, the phone validation and the paper post. */
export const formApi = {
  sendValidate: (body: SendSmsRequest) => call(formCalls.sendValidate, { body }),
  validateCodeV2: (body: ValidateCodeRequest) => call(formCalls.validateCodeV2, { body }),
  validation: (galleryId: number, action: string) => call(formCalls.validation, { params: { id: galleryId }, body: { action } }),
  paper: (galleryId: number, body: PaperRequest) => call(formCalls.paper, { params: { id: galleryId }, body })
};
export type FormApi = typeof formApi;
