import {
  PAY_PATHS,
  type Charge,
  type MakePayUseChargeRequest,
  type MakePrePayRequest,
  type PayOrder,
  type PreDownImgRequest,
  type PrePayResult
} from '../../types/api/pay';
import { DOWNLOAD_PATHS, type ZipTicket } from '../../types/api/download';
import { get, post } from './client';

/** Pay calls (types/api/pay.ts). Prices, amounts and paid flags come from the server only. */
export const payApi = {
  /** Pay-to-image (remove watermark). 200201 (ApiError) carries the already-paid ids. */
  payToImage: (b: PreDownImgRequest) => post<PayOrder>(PAY_PATHS.payToImage, { ...b }),
  /** Paid download order. 200201 (ApiError) carries the already-paid ids. */
  preDownImg: (b: PreDownImgRequest) => post<PayOrder>(PAY_PATHS.preDownImg, { ...b }),
  makePrePay: (b: MakePrePayRequest) => post<PrePayResult>(PAY_PATHS.makePrePay, { ...b }),
  makePayUseCharge: (b: MakePayUseChargeRequest) => post<PrePayResult>(PAY_PATHS.makePayUseCharge, { ...b }),
  getCharge: (id: number) => get<Charge>(PAY_PATHS.getCharge, { id })
};

export type PayApi = typeof payApi;

/** A ZIP ticket for several photos (the archive itself streams from ticket.url). */
export const requestZip = (galleryId: number, ids: number[]) => post<ZipTicket>(DOWNLOAD_PATHS.zip, { gallery_id: galleryId, ids });
