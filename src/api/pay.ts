import { payCalls, type MakePayUseChargeRequest, type MakePrePayRequest, type PreDownImgRequest } from '../../types/api/pay';
import { downloadCalls } from '../../types/api/download';
import { call } from './call';

/** Pay calls (types/api/pay.ts). Prices, amounts and paid flags come from the server only. */
export const payApi = {
  /** Pay-to-image (remove watermark). 200201 (ApiError) carries the already-paid ids. */
  payToImage: (body: PreDownImgRequest) => call(payCalls.payToImage, { body }),
  /** Paid download order. 200201 (ApiError) carries the already-paid ids. */
  preDownImg: (body: PreDownImgRequest) => call(payCalls.preDownImg, { body }),
  makePrePay: (body: MakePrePayRequest) => call(payCalls.makePrePay, { body }),
  makePayUseCharge: (body: MakePayUseChargeRequest) => call(payCalls.makePayUseCharge, { body }),
  getCharge: (id: number) => call(payCalls.getCharge, { query: { id } }),
  /** One pay good by id (its price per photo, in cents). */
  goods: async (id: number) => {
    const answer = await call(payCalls.goods, { query: { id } });
    if (Array.isArray(answer)) throw new Error('goods: a list answered for one id');
    return answer;
  }
};

export type PayApi = typeof payApi;

/** A ZIP ticket for several photos (the archive itself streams from ticket.url). */
export const requestZip = (galleryId: number, ids: number[]) => call(downloadCalls.zip, { body: { gallery_id: galleryId, ids } });
