import type { GalleryService } from '../gallery/gallery';
import type { GateAccess } from '../gates/gateAccess';
import { nobody } from '../../viewer';
import { matchUrl, type RouteMatch } from '../../../../types/routes';
import { IMAGE_HASH_RE } from '../../../../types/image-style';
import type { Gallery, GalleryDetail } from '../../../../types/api/gallery';
import { BOOT_GLOBAL, BOOT_SESSION_GLOBAL, H5_CLIENT, PAGE_CODE_META, SESSION_TOKEN_KEY, type BootData } from '../../../../types/boot';
import { DOC_TEXTS, DEFAULT_DOC_LOCALE, docLocale, type DocLocale } from './texts';
import { escapeHtml, scriptJson } from './html';
import { bannerPreloads, firstScreenOf, skeleton, type FirstScreen } from './skeleton';
import { pageTitle, titledGallery } from './titles';
import { nonceAttr, pageCodeOrigins } from './csp';
import { defaultPolicyTag } from './trustedTypes';

/** What the server writes into the H5 document's head and body for one URL. */
export interface DocumentHead {
  lang: DocLocale;
  title: string;
  description: string;
  /** Share meta (og:*): a chat or another app shows these as the link's preview. */
  og: { title: string; description: string; image: string | null; url: string };
  /** An open gallery's first screen (name, address, first slide): drawn before the script runs, its slide preloaded. */
  first: FirstScreen | null;
  /** Data the app uses instead of fetching it again (types/boot.ts); null when none is safe to share. */
  boot: BootData | null;
  /** The origins the page's `code` components load from (added to this document's CSP only). */
  codeOrigins: string[];
}

/** A rendered document and what its Content-Security-Policy needs to know about the page. */
export interface RenderedDocument {
  html: string;
  codeOrigins: string[];
}

/** The style of og:image. */
const SHARE_STYLE = 'wx_750_n';

/** One line of at most `max` characters (descriptions are free text). */
function oneLine(s: string | null | undefined, max = 200): string {
  const line = (s ?? '').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The server-rendered part of the H5 document (issue 12, Speed 3 / Experience 7):
 * `<html lang>`, `<title>`, description, share meta, the LCP preloads, the boot data
 * and the first screen (skeleton.ts) that shows before the script runs.
 *
 * Rules:
 * - lang: the gallery's configured locale (config.locale), else zh-CN. A visitor's own
 *   language choice is kept in the app's localStorage, which the document request does
 *   not carry, and the app does not follow Accept-Language, so neither is read here;
 *   once the app runs, what it shows (and `lang` with it) is the app's.
 * - A gallery behind any gate (its own or an inherited page gate) shows only its name:
 *   no description, no cover, no preload, no boot data. The rules are GateService's
 *   `requirementsOf` (the same list the API's gate checks read).
 * - Boot data: only the gallery detail of an ungated gallery, computed for a visitor
 *   without a session (`nobody()`): what `GET /api/v2/gallery/link/{id}` answers to anyone.
 *   The session is NOT put in the document: the document is the same for every visitor
 *   (the session cookie it may carry is not read here), and making a guest per document
 *   would mint sessions for crawlers and previews; the document's script asks for it.
 *   The document therefore holds nothing per visitor and stays `no-cache` (revalidated,
 *   never stale), which is safe for shared caches too.
 */
export { escapeHtml, scriptJson };

export class H5Document {
  constructor(
    private galleries: GalleryService,
    private gates: GateAccess,
    private publicUrl: string,
    private codeHosts: readonly string[] = []
  ) {}

  private defaults(url: string, lang: DocLocale = DEFAULT_DOC_LOCALE): DocumentHead {
    const t = DOC_TEXTS[lang];
    return { lang, title: t.site, description: t.description, og: { title: t.site, description: t.description, image: null, url }, first: null, boot: null, codeOrigins: [] };
  }

  /** The head for one request URL; a gallery that does not exist (or a database failure) gets the defaults. */
  async head(rawUrl: string): Promise<DocumentHead> {
    const url = `${this.publicUrl}${rawUrl.split('?')[0]}`;
    const m = matchUrl(rawUrl);
    const p = m && m.route.page === 'gallery' ? m.params : undefined;
    // A gallery by its link (/g/…), its label or id (/gti/…), or the legacy /wx/gallery?id=.
    const find = p?.link_id ? () => this.galleries.byLinkId(p.link_id) : p?.gti ? () => this.galleries.byGti(p.gti) : p?.id && /^\d{1,9}$/.test(p.id) ? () => this.galleries.byId(Number(p.id)) : null;
    if (!find) return this.otherPage(url, rawUrl, m);
    let g: Gallery;
    try {
      g = await find();
    } catch {
      return this.defaults(url);
    }
    const lang = docLocale(g.config?.locale);
    const site = DOC_TEXTS[lang].site;
    const title = g.name ? `${g.name} - ${site}` : site;
    // A gated page's code runs once its gate is passed, in this same document.
    const codeOrigins = pageCodeOrigins(g.pagedata, this.codeHosts);
    const gated = (await this.gates.service.requirementsOf(g.id)).length > 0;
    if (gated) {
      return { ...this.defaults(url, lang), title, og: { title: g.name || site, description: '', image: null, url }, codeOrigins };
    }
    const description = oneLine(g.h5_share_text || g.desc) || DOC_TEXTS[lang].description;
    const shareImage = g.h5_share_image && IMAGE_HASH_RE.test(g.h5_share_image) ? g.h5_share_image : g.cover && IMAGE_HASH_RE.test(g.cover) ? g.cover : null;
    const detail: GalleryDetail = await this.gates.presentDetail(nobody(), await this.galleries.detail(g));
    return {
      lang,
      title,
      description,
      og: {
        title: oneLine(g.h5_share_title || g.name, 120) || site,
        description,
        image: shareImage ? `${this.publicUrl}/img/${shareImage}!${SHARE_STYLE}` : null,
        url
      },
      first: firstScreenOf(g),
      // The app takes boot data by the link id of its address; other addresses fetch as before.
      boot: p?.link_id ? { gallery: { link_id: g.link_id, detail } } : null,
      codeOrigins
    };
  }

  /**
   * A page that is not a gallery page: the site's defaults with the page's own title
   * (titles.ts), in its gallery's language when it belongs to one (the venue screen,
   * the permission page). Taro's own page paths (`/pages/…`) keep the site title.
   */
  private async otherPage(url: string, rawUrl: string, m: RouteMatch | null): Promise<DocumentHead> {
    if (!m && /^\/pages\//.test(rawUrl)) return this.defaults(url);
    const key = titledGallery(m);
    const g = key ? await ('link_id' in key ? this.galleries.byLinkId(key.link_id) : this.galleries.byId(key.id)).catch(() => null) : null;
    const head = this.defaults(url, g ? docLocale(g.config?.locale) : DEFAULT_DOC_LOCALE);
    const title = pageTitle(m, head.lang, g?.name);
    return { ...head, title, og: { ...head.og, title } };
  }

  /** index.html with the head, the boot data and the skeleton written in; its inline scripts carry `nonce`. */
  async render(html: string, rawUrl: string, nonce: string): Promise<RenderedDocument> {
    let head: DocumentHead;
    try {
      head = await this.head(rawUrl);
    } catch {
      head = this.defaults(`${this.publicUrl}${rawUrl.split('?')[0]}`);
    }
    return { html: renderDocument(html, head, nonce), codeOrigins: head.codeOrigins };
  }
}

/**
 * The session call, started by the document (types/boot.ts BOOT_SESSION_GLOBAL), beside the
 * scripts' download instead of after the app has run (a round trip less before the first page
 * renders on a slow network). The session travels in the HttpOnly cookie the answer sets
 * (server/src/sessionCookie.ts; `X-Client: h5` asks for it). A token an older version of the app
 * kept in localStorage (Taro's storage writes `{"data": token}`) is sent once as the header, so
 * that visitor keeps their session: the answer moves it into the cookie and the app then deletes
 * the stored key (src/api/credentials.ts). The app takes the answer once; every later session
 * call is its own.
 */
export function earlySession(nonce: string): string {
  const key = scriptJson(SESSION_TOKEN_KEY);
  return (
    `<script${nonceAttr(nonce)}>(function(){var t='';try{var v=JSON.parse(localStorage.getItem(${key})||'null');if(v&&typeof v.data==='string')t=v.data}catch(e){}` +
    `try{var h={'X-Client':${scriptJson(H5_CLIENT)}};if(t)h.Authorization='Bearer '+t;` +
    `window.${BOOT_SESSION_GLOBAL}=fetch('/session.js',{headers:h,credentials:'same-origin'})` +
    `.then(function(r){return r.json().then(function(b){return{status:r.status,body:b}})}).catch(function(){return null})}catch(e){}})()</script>`
  );
}

/**
 * The document for one answer. Every inline script the server writes carries `nonce` (the
 * answer's, csp.ts); the Trusted Types default policy comes first in the head, before any script.
 */
export function renderDocument(html: string, head: DocumentHead, nonce: string): string {
  const e = escapeHtml;
  const meta = [
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${e(head.og.title)}">`,
    `<meta property="og:description" content="${e(head.og.description)}">`,
    `<meta property="og:url" content="${e(head.og.url)}">`,
    head.og.image ? `<meta property="og:image" content="${e(head.og.image)}">` : '',
    // The code origins this document's CSP allows (platform/page-code.ts: a page reached inside the app
    // whose code needs others is loaded again by its own address, which gets its own policy).
    `<meta name="${PAGE_CODE_META}" content="${e(head.codeOrigins.join(' '))}">`,
    earlySession(nonce),
    bannerPreloads(head.first),
    head.boot ? `<script${nonceAttr(nonce)}>window.${BOOT_GLOBAL}=${scriptJson(head.boot)}</script>` : ''
  ].join('');
  let out = html.replace(/<html(\s[^>]*)?>/i, `<html lang="${e(head.lang)}">`);
  out = /<head(\s[^>]*)?>/i.test(out) ? out.replace(/<head(\s[^>]*)?>/i, (tag) => `${tag}${defaultPolicyTag(nonce)}`) : `${defaultPolicyTag(nonce)}${out}`;
  out = /<title>[\s\S]*?<\/title>/i.test(out) ? out.replace(/<title>[\s\S]*?<\/title>/i, () => meta) : out.replace(/<\/head>/i, () => `${meta}</head>`);
  out = out.replace(/(<div id="app"><\/div>)/i, (m) => `${m}${skeleton(head.lang, head.first)}`);
  return out;
}
