import { jssdkCalls } from '../../types/api/jssdk';
import { call } from './call';

/** The JS-SDK signature of a page address (WeChat's browser; types/api/jssdk.ts). */
export const fetchJsSdkSignature = (url: string) => call(jssdkCalls.signature, { query: { url } });
