import { mineCalls } from '../../types/api/mine';
import { payCalls, PAYED_IMAGES_PAGE_SIZE } from '../../types/api/pay';
import { call } from './call';

/** The Find page's lists (spec part 1 §7): my favourites, my splice posters, my purchased photos. */
export const fetchLovedImages = (page = 1) => call(mineCalls.lovedImages, { query: { page } });
export const fetchSplices = (page = 1) => call(mineCalls.splices, { query: { page } });
/** Purchased photos, 30 a page (spec part 1 §7: page, page_size 30). */
export const fetchPayedImages = (page = 1) => call(payCalls.payedImages, { query: { page, page_size: PAYED_IMAGES_PAGE_SIZE } });
