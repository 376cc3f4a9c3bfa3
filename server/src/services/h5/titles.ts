import type { PageKey, RouteMatch } from '../../../../types/routes';
import { DOC_TEXTS, type DocLocale } from './texts';

/**
 * The document titles of the pages that are not a gallery page (issue 12, Experience 7:
 * every page has a `<title>`). The same wording as the app's own titles (src/i18n
 * `page.*`, `notFound.title`, `carousel.pageTitle`), so the tab does not change its
 * words when the app takes over; each ends with the site's name.
 */
const PAGE_NAMES: Record<DocLocale, Partial<Record<PageKey, string>>> = {
  'zh-CN': {
    me: '我的',
    find: '找照片',
    order: '预约',
    permission: '受保护的相册',
    video: '视频',
    person: '个人相册',
    share: '分享的照片',
    group: '群组',
    videoIframe: '视频',
    demo: '演示',
    screen: '大屏',
    agreement: '服务协议',
    notFound: '页面不存在'
  },
  'en-US': {
    me: 'Me',
    find: 'Find photos',
    order: 'Preorder',
    permission: 'Protected album',
    video: 'Video',
    person: 'Personal album',
    share: 'Shared photos',
    group: 'Group',
    videoIframe: 'Video',
    demo: 'Demo',
    screen: 'Venue screen',
    agreement: 'Service Agreement',
    notFound: 'Page not found'
  }
};

/** Which gallery a non-gallery page belongs to, when its title names it: the venue screen and the permission page. */
export function titledGallery(m: RouteMatch | null): { link_id: string } | { id: number } | null {
  if (!m) return null;
  if (m.route.page === 'screen' && m.params.link_id) return { link_id: m.params.link_id };
  if (m.route.page === 'permission' && /^\d{1,9}$/.test(m.params.id ?? '')) return { id: Number(m.params.id) };
  return null;
}

/**
 * The title of a page that is not a gallery page. `m` null is an address the app does
 * not know (its not-found page); the root address is the site's name alone. A page of
 * one gallery (the venue screen, the permission page) names the gallery when known:
 * a gallery's name is public even behind a gate (its gate page shows it).
 */
export function pageTitle(m: RouteMatch | null, lang: DocLocale, galleryName?: string | null): string {
  const site = DOC_TEXTS[lang].site;
  const page: PageKey = m ? m.route.page : 'notFound';
  if (page === 'index') return site;
  const name = PAGE_NAMES[lang][page];
  const parts = [galleryName, page === 'permission' && galleryName ? null : name].filter((p): p is string => !!p);
  return parts.length ? `${parts.join(' · ')} - ${site}` : site;
}
