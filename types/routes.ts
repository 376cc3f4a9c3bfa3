/**
 * The one route table of the product (spec part 1 §2, part 3 §2).
 *
 * H5 uses the spec's URLs (`/g/{link_id}` …) in the address bar; the mini-program
 * opens the same destinations as page paths with query parameters, or from a QR
 * code `scene`. Both directions go through this table, and config/index.ts builds
 * the H5 router's custom routes from it. No Taro import here: the build config
 * and the server read this file too.
 */

export type PageKey =
  | 'index'
  | 'gallery'
  | 'video'
  | 'person'
  | 'share'
  | 'group'
  | 'demo'
  | 'me'
  | 'find'
  | 'order'
  | 'permission'
  | 'videoIframe'
  | 'screen'
  | 'agreement'
  | 'notFound';

/** Taro page paths (without leading slash), in app.config order: the first is the entry page. */
export const PAGES: Record<PageKey, string> = {
  index: 'pages/index/index',
  gallery: 'pages/gallery/index',
  video: 'pages/video/index',
  person: 'pages/person/index',
  share: 'pages/share/index',
  group: 'pages/group/index',
  demo: 'pages/demo/index',
  me: 'pages/me/index',
  /** The Find-photos page (spec part 3 §2 item 14): album history, splice posters, favourites, purchases. */
  find: 'pages/find/index',
  order: 'pages/order/index',
  permission: 'pages/permission/index',
  videoIframe: 'pages/video-iframe/index',
  screen: 'pages/screen/index',
  /** The full text of the service agreement (the face dialog links to it). */
  agreement: 'pages/agreement/index',
  notFound: 'pages/not-found/index'
};

/**
 * Pages a visitor rarely opens: in the mini-program each is a sub-package of its own
 * (root = the page's folder, so its path stays the same), downloaded when first
 * opened, so the main package stays small as features arrive. The entry, the gallery,
 * the Me tab and the permission page (gated events open there) stay in the main package.
 */
export const SUBPACKAGE_PAGES: readonly PageKey[] = ['video', 'person', 'share', 'group', 'demo', 'order', 'find', 'videoIframe', 'screen', 'agreement', 'notFound'];

export const LINK_ID_RE = /^[A-Za-z0-9]{6,9}$/;
/** Galleries with numeric ids below this are served by the legacy WeChat gallery route. */
export const LEGACY_GALLERY_ID_LIMIT = 1_000_000;
/** The legacy gallery path (spec: //wx{basename}/gallery?id={id}; our basename is empty). */
export const LEGACY_GALLERY_PATH = '/wx/gallery';

const SEGMENT_RE = /^[^/]+$/;
const NUMERIC_RE = /^\d+$/;

/** An id the legacy address serves: a positive whole number below LEGACY_GALLERY_ID_LIMIT (larger ids are not found there). */
export function isLegacyGalleryId(id: string | undefined): boolean {
  return !!id && /^\d{1,7}$/.test(id) && Number(id) > 0 && Number(id) < LEGACY_GALLERY_ID_LIMIT;
}

export interface RouteDef {
  name: string;
  /** Path pattern with `:param` segments, as understood by the H5 router. */
  pattern: string;
  page: PageKey;
  /** Per-parameter checks; a parameter without one must be a non-empty segment. */
  check?: Record<string, RegExp>;
  /** Fixed parameters this route adds (e.g. which form of a page it is). */
  fixed?: Record<string, string>;
}

export const ROUTES: RouteDef[] = [
  { name: 'home', pattern: '/', page: 'index' },
  { name: 'gallery', pattern: '/g/:link_id', page: 'gallery', check: { link_id: LINK_ID_RE } },
  { name: 'galleryOriginal', pattern: '/g/:link_id/original/:original', page: 'gallery', check: { link_id: LINK_ID_RE } },
  { name: 'visit', pattern: '/g/:link_id/visit/:parentid', page: 'gallery', check: { link_id: LINK_ID_RE } },
  { name: 'video', pattern: '/g/:link_id/video/:video_id', page: 'video', check: { link_id: LINK_ID_RE, video_id: NUMERIC_RE } },
  /** The big-screen carousel of a gallery for a venue screen (spec part 3 §2 item 11; our route, H5). */
  { name: 'screen', pattern: '/g/:link_id/screen', page: 'screen', check: { link_id: LINK_ID_RE } },
  { name: 'gti', pattern: '/gti/:gti', page: 'gallery' },
  { name: 'gtiOriginal', pattern: '/gti/:gti/original/:original', page: 'gallery' },
  { name: 'legacyGallery', pattern: LEGACY_GALLERY_PATH, page: 'gallery' },
  { name: 'person', pattern: '/page/person/:link_id/:personid/:openid', page: 'person' },
  { name: 'share', pattern: '/page/share/:openid/:ids', page: 'share', check: { ids: /^\d+(,\d+)*$/ } },
  { name: 'group', pattern: '/page/group/:token', page: 'group' },
  { name: 'demo', pattern: '/demo', page: 'demo' },
  { name: 'me', pattern: '/page/me', page: 'me' },
  /** Ours (the spec names the page, not its path); `?link_id=` gives the gallery whose followed people show. */
  { name: 'find', pattern: '/page/find', page: 'find' },
  { name: 'order', pattern: '/page/order/:link_id', page: 'order' },
  { name: 'permission', pattern: '/page/permission/:id', page: 'permission' },
  { name: 'permissionOriginal', pattern: '/page/permission/:id/original/:original', page: 'permission' },
  { name: 'videoIframe', pattern: '/page/video/iframe', page: 'videoIframe' },
  { name: 'agreement', pattern: '/page/agreement', page: 'agreement' }
];

export type RouteParams = Record<string, string>;

export interface RouteMatch {
  route: RouteDef;
  params: RouteParams;
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

/** Match one pattern against a pathname (no query). */
export function matchPattern(route: RouteDef, pathname: string): RouteParams | null {
  const want = splitPath(route.pattern);
  const got = splitPath(pathname);
  if (want.length !== got.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i];
    if (w.startsWith(':')) {
      const value = safeDecode(got[i]);
      if (value === null || !SEGMENT_RE.test(value)) return null;
      const key = w.slice(1);
      const check = route.check?.[key];
      if (check && !check.test(value)) return null;
      params[key] = value;
    } else if (w !== got[i]) {
      return null;
    }
  }
  return { ...params, ...route.fixed };
}

export function parseQuery(search: string): RouteParams {
  const out: RouteParams = {};
  const s = search.startsWith('?') ? search.slice(1) : search;
  for (const part of s.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const k = safeDecode(eq < 0 ? part : part.slice(0, eq));
    const v = safeDecode(eq < 0 ? '' : part.slice(eq + 1).replace(/\+/g, ' '));
    if (k !== null && v !== null) out[k] = v;
  }
  return out;
}

export function toQuery(params: RouteParams): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * Resolve a spec URL (path and optional query) to its route and parameters.
 * Query parameters are merged under the path parameters (path wins).
 */
export function matchUrl(url: string): RouteMatch | null {
  const q = url.indexOf('?');
  const pathname = (q < 0 ? url : url.slice(0, q)).replace(/\/+$/, '') || '/';
  const query = q < 0 ? {} : parseQuery(url.slice(q));
  for (const route of ROUTES) {
    const params = matchPattern(route, pathname);
    if (params) {
      if (route.name === 'legacyGallery' && !isLegacyGalleryId(query.id)) return null;
      return { route, params: { ...query, ...params } };
    }
  }
  return null;
}

/** Build the spec URL of a named route. Unused parameters go to the query. */
export function buildUrl(name: string, params: RouteParams = {}): string {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route: ${name}`);
  const rest: RouteParams = { ...params };
  const path = splitPath(route.pattern)
    .map((seg) => {
      if (!seg.startsWith(':')) return seg;
      const key = seg.slice(1);
      const value = rest[key];
      if (value === undefined || value === '') throw new Error(`Route ${name} needs ${key}`);
      delete rest[key];
      return encodeURIComponent(value);
    })
    .join('/');
  for (const k of Object.keys(route.fixed ?? {})) delete rest[k];
  return `/${path}${toQuery(rest)}`;
}

/** The address of a gallery by its numeric id and link id (legacy-id rule, spec §2 and §9). */
export function galleryUrl(g: { id: number; link_id: string }, original?: string): string {
  if (g.id > 0 && g.id < LEGACY_GALLERY_ID_LIMIT) return `${LEGACY_GALLERY_PATH}${toQuery({ id: String(g.id) })}`;
  return original ? buildUrl('galleryOriginal', { link_id: g.link_id, original }) : buildUrl('gallery', { link_id: g.link_id });
}

/** Mini-program page path with query for a spec URL, e.g. `/pages/gallery/index?link_id=abc123`. */
export function toPagePath(url: string): string {
  const m = matchUrl(url);
  if (!m) return `/${PAGES.notFound}${toQuery({ url })}`;
  return `/${PAGES[m.route.page]}${toQuery({ ...m.params, route: m.route.name })}`;
}

/** Inverse of toPagePath: a page path and its query back to the spec URL. */
export function fromPagePath(pagePath: string, query: RouteParams): string | null {
  const page = (Object.keys(PAGES) as PageKey[]).find((k) => PAGES[k] === pagePath.replace(/^\//, ''));
  if (!page) return null;
  const { route: routeName, ...params } = query;
  const route = ROUTES.find((r) => r.name === routeName && r.page === page) ?? ROUTES.find((r) => r.page === page);
  if (!route) return null;
  try {
    return buildUrl(route.name, params);
  } catch {
    return null;
  }
}

/**
 * QR-code scenes (at most 32 characters): `g=<link_id>`, `g=<link_id>&o=<val>`,
 * `v=<link_id>&p=<parentid>`, `t=<gti>`, `m` (Me page), `o=<link_id>` is not used
 * (o is the original flag). Anything else is not a scene we issue.
 */
export function sceneToUrl(scene: string): string | null {
  const raw = safeDecode(scene) ?? '';
  const q = parseQuery(raw);
  if (q.g && LINK_ID_RE.test(q.g)) {
    if (q.p) return buildUrl('visit', { link_id: q.g, parentid: q.p });
    return q.o ? buildUrl('galleryOriginal', { link_id: q.g, original: q.o }) : buildUrl('gallery', { link_id: q.g });
  }
  if (q.t) return buildUrl('gti', { gti: q.t });
  if ('m' in q) return buildUrl('me');
  return null;
}

export function urlToScene(url: string): string | null {
  const m = matchUrl(url);
  if (!m) return null;
  const p = m.params;
  switch (m.route.name) {
    case 'gallery':
      return `g=${p.link_id}`;
    case 'galleryOriginal':
      return `g=${p.link_id}&o=${p.original}`;
    case 'visit':
      return `g=${p.link_id}&p=${p.parentid}`;
    case 'gti':
      return `t=${p.gti}`;
    case 'me':
      return 'm';
    default:
      return null;
  }
}

/** H5 router aliases: Taro page path → the URL patterns that open it. */
export function h5CustomRoutes(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const r of ROUTES) {
    if (r.pattern === '/') continue;
    const key = `/${PAGES[r.page]}`;
    (out[key] ??= []).push(r.pattern);
  }
  return out;
}
