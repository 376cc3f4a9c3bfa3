import {
  matchUrl,
  buildUrl,
  galleryUrl,
  toPagePath,
  fromPagePath,
  sceneToUrl,
  urlToScene,
  h5CustomRoutes,
  PAGES,
  ROUTES
} from '../../src/routes';

describe('route table', () => {
  it.each([
    ['/g/abc123', 'gallery', { link_id: 'abc123' }],
    ['/g/ABCdef789', 'gallery', { link_id: 'ABCdef789' }],
    ['/g/abc123/original/1', 'galleryOriginal', { link_id: 'abc123', original: '1' }],
    ['/g/abc123/visit/99', 'visit', { link_id: 'abc123', parentid: '99' }],
    ['/g/abc123/video/42', 'video', { link_id: 'abc123', video_id: '42' }],
    ['/g/abc123/screen', 'screen', { link_id: 'abc123' }],
    ['/gti/spring-gala', 'gti', { gti: 'spring-gala' }],
    ['/gti/1000001/original/1', 'gtiOriginal', { gti: '1000001', original: '1' }],
    ['/page/person/abc123/17/oXyz', 'person', { link_id: 'abc123', personid: '17', openid: 'oXyz' }],
    ['/page/share/oXyz/1,2,3', 'share', { openid: 'oXyz', ids: '1,2,3' }],
    ['/page/group/tok', 'group', { token: 'tok' }],
    ['/demo', 'demo', {}],
    ['/page/me', 'me', {}],
    ['/page/order/abc123', 'order', { link_id: 'abc123' }],
    ['/page/permission/12', 'permission', { id: '12' }],
    ['/page/permission/12/original/1', 'permissionOriginal', { id: '12', original: '1' }],
    ['/page/video/iframe', 'videoIframe', {}],
    ['/wx/gallery?id=12', 'legacyGallery', { id: '12' }],
    ['/wx/gallery?id=999999', 'legacyGallery', { id: '999999' }]
  ])('%s opens %s', (url, name, params) => {
    const m = matchUrl(url);
    expect(m?.route.name).toBe(name);
    expect(m?.params).toEqual(params);
  });

  it('keeps query parameters of the order page form', () => {
    expect(matchUrl('/g/4fa28eb0?from=order&from_id=7')?.params).toEqual({ link_id: '4fa28eb0', from: 'order', from_id: '7' });
  });

  it.each(['/g/abc12', '/g/abc12/screen', '/g/abc123/screen/1', '/g/abcdefghij', '/g/abc-123', '/g/abc123/original', '/nope', '/page/share/o/abc', '/wx/gallery', '/wx/gallery?id=x', '/wx/gallery?id=0', '/wx/gallery?id=1000000', '/wx/gallery?id=123456789', '/g/%E0%A4%A'])(
    'rejects %s',
    (url) => expect(matchUrl(url)).toBeNull()
  );

  it('builds URLs that match back', () => {
    for (const [name, params] of [
      ['gallery', { link_id: 'abc123' }],
      ['visit', { link_id: 'abc123', parentid: '5' }],
      ['permissionOriginal', { id: '3', original: '1' }]
    ] as const) {
      const url = buildUrl(name, params);
      expect(matchUrl(url)?.route.name).toBe(name);
      expect(matchUrl(url)?.params).toEqual(params);
    }
    expect(() => buildUrl('gallery', {})).toThrow('needs link_id');
  });

  it('uses the legacy route for ids below 1,000,000', () => {
    expect(galleryUrl({ id: 999_999, link_id: 'abc123' })).toBe('/wx/gallery?id=999999');
    expect(galleryUrl({ id: 1_000_000, link_id: 'abc123' })).toBe('/g/abc123');
    expect(galleryUrl({ id: 1_000_001, link_id: 'abc123' }, '1')).toBe('/g/abc123/original/1');
  });

  it('maps spec URLs to mini-program page paths and back', () => {
    expect(toPagePath('/g/abc123/original/1')).toBe('/pages/gallery/index?link_id=abc123&original=1&route=galleryOriginal');
    expect(fromPagePath('pages/gallery/index', { link_id: 'abc123', original: '1', route: 'galleryOriginal' })).toBe('/g/abc123/original/1');
    expect(fromPagePath('/pages/me/index', {})).toBe('/page/me');
    expect(toPagePath('/nope')).toBe('/pages/not-found/index?url=%2Fnope');
    expect(toPagePath('/wx/gallery?id=12')).toBe('/pages/gallery/index?id=12&route=legacyGallery');
    expect(toPagePath('/wx/gallery?id=1000000')).toBe('/pages/not-found/index?url=%2Fwx%2Fgallery%3Fid%3D1000000');
    expect(toPagePath('/g/abc123/screen')).toBe('/pages/screen/index?link_id=abc123&route=screen');
    expect(fromPagePath('pages/screen/index', { link_id: 'abc123' })).toBe('/g/abc123/screen');
    expect(buildUrl('screen', { link_id: 'abc123' })).toBe('/g/abc123/screen');
  });

  it('round-trips QR-code scenes within 32 characters', () => {
    for (const url of ['/g/abc123', '/g/abc123/original/1', '/g/abc123/visit/1000001', '/gti/spring-gala', '/page/me']) {
      const scene = urlToScene(url)!;
      expect(scene.length).toBeLessThanOrEqual(32);
      expect(sceneToUrl(encodeURIComponent(scene))).toBe(url);
    }
    expect(sceneToUrl('g=bad')).toBeNull();
  });

  it('gives every routed page an H5 alias list and every route a page', () => {
    const aliases = h5CustomRoutes();
    for (const r of ROUTES) {
      if (r.pattern === '/') continue;
      expect(aliases[`/${PAGES[r.page]}`]).toContain(r.pattern);
    }
    expect(aliases['/pages/screen/index']).toEqual(['/g/:link_id/screen']);
  });
});
