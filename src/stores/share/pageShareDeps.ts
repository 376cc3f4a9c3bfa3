import type { SessionStore } from '../session/SessionStore';
import { PageShareStore } from './PageShareStore';
import { fetchJsSdkSignature } from '../../api/jssdk';
import { shareAddress } from '../../platform/share';
import { configureJsSdk, jsSdkHere, jsSdkPageUrl, setWechatShare } from '../../platform/wechat-jssdk';
import { t } from '../../i18n';

/** The path (and query) of the page on top: what a page without its own share content shares. */
function currentPath(): string {
  if (typeof location === 'undefined') return '/';
  return `${location.pathname}${location.search}`;
}

/** The app's one page-share configuration (WeChat's JS-SDK), wired to the session's global share flag. */
export function createPageShareStore(session: SessionStore): PageShareStore {
  return new PageShareStore({
    here: () => jsSdkHere(),
    pageUrl: () => jsSdkPageUrl(),
    sign: (url) => fetchJsSdkSignature(url),
    configure: (sig) => configureJsSdk(sig),
    setShare: (data) => setWechatShare(data),
    globalOff: () => session.sysinfo?.share_off === true,
    fallback: () => ({ title: t('share.galleryFallbackTitle'), desc: t('share.galleryFallbackDesc'), imageUrl: '', url: currentPath() }),
    absolute: (url) => shareAddress(url)
  });
}
