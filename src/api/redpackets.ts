import { redPacketCalls, type BindPhoneRequest, type CreateRequest, type PrecreateRequest } from '../../types/api/redpackets';
import { formCalls } from '../../types/api/form';
import { call } from './call';

/**
 * Red packet calls (types/api/redpackets.ts). Amounts in answers are cents; the send form's
 * amount goes as typed (yuan). Refusals arrive as ApiError with the server's code and message.
 */
export const redPacketApi = {
  /** The order and its pay parameters (wxpay; sandbox_url with the sandbox provider). */
  precreate: (body: PrecreateRequest) => call(redPacketCalls.precreate, { body }),
  /** After the order is paid; a replay answers the same packet (replayed: true). */
  create: (body: CreateRequest) => call(redPacketCalls.create, { body }),
  ask: (id: number) => call(redPacketCalls.ask, { body: { id } }),
  get: (id: number) => call(redPacketCalls.get, { body: { id } }),
  list: (galleryid: number) => call(redPacketCalls.list, { query: { galleryid } }),
  detail: (id: number, page = 1) => call(redPacketCalls.detail, { query: { id, page } }),
  /** The sign-up's SMS code (60 s before another). */
  sendPhoneCode: (phone: string, galleryId: number) => call(formCalls.sendValidate, { body: { phone, type: 'bindphone', gallery_id: galleryId } }),
  bindPhone: (body: BindPhoneRequest) => call(redPacketCalls.bindPhone, { body })
};

export type RedPacketApi = typeof redPacketApi;
