import { BACKENDS, startTestServer, type TestServer } from './helpers';

/**
 * Rich content by hash (issue 14, richtext / liverich): an organiser stores HTML, the server
 * keeps only allow-listed tags and attributes, and a visitor fetches it by the hash a page
 * names. XSS payloads come out inert.
 */

const TOKEN = 'contents-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };

/** Payloads that run script in a browser if any part survives. */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src="x" onerror="alert(1)">',
  '<a href="javascript:alert(1)">tap</a>',
  '<a href="JaVaScRiPt:alert(1)">tap</a>',
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p onclick="alert(1)" onmouseover="alert(1)">hi</p>',
  '<style>body{display:none}</style>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name="a"></form>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<<script>script>alert(1)<</script>/script>',
  '<a href="//evil.example/x">protocol-relative</a>'
];

describe.each(BACKENDS)('rich content (%s)', (backend) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, SEED_DEMO: '0' });
  });
  afterAll(async () => {
    await s.close();
  });

  const store = (html: string, headers: Record<string, string> = AUTH) => s.app.inject({ method: 'POST', url: '/api/v2/organizer/contents', headers, payload: { html } });
  const fetchContent = (hash: string) => s.app.inject({ method: 'GET', url: `/api/v2/contents/${hash}` });
  const pageNaming = async (hash: string) => {
    const g = (await s.app.inject({ method: 'POST', url: '/api/v2/organizer/galleries', headers: AUTH, payload: { name: 'Rich' } })).json().data.gallery;
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/v2/organizer/galleries/${g.id}/page`,
      headers: AUTH,
      payload: { pagedata: { components: [{ id: 'r1', type: 'richtext', props: { hash } }] } }
    });
    expect(res.statusCode).toBe(200);
    return g.id as number;
  };

  it('keeps formatting, lists, tables, images and links; a visitor gets it by hash once a page names it', async () => {
    const html =
      '<h2 style="text-align:center;color:#c00">Schedule</h2><p>Doors <strong>09:00</strong>, <em>keynote</em> 10:00.</p>' +
      '<ul><li>One</li><li>Two</li></ul><table><tr><td colspan="2">Cell</td></tr></table>' +
      '<p><img src="https://cdn.example/map.jpg" alt="Map" width="300"><a href="https://example.com/info">More</a> <a href="tel:+8613800000000">Call</a></p>';
    const res = await store(html);
    expect(res.statusCode).toBe(200);
    const { hash, html: kept } = res.json().data;
    expect(hash).toMatch(/^[a-f0-9]{64}$/);
    expect(kept).toContain('<h2 style="text-align:center;color:#c00">Schedule</h2>');
    expect(kept).toContain('<strong>09:00</strong>');
    expect(kept).toContain('<td colspan="2">Cell</td>');
    expect(kept).toContain('<img src="https://cdn.example/map.jpg" alt="Map" width="300" />');
    expect(kept).toContain('<a href="https://example.com/info" target="_blank" rel="noopener noreferrer">More</a>');
    expect(kept).toContain('href="tel:+8613800000000"');
    // Not named by any page yet: nobody gets it.
    expect((await fetchContent(hash)).statusCode).toBe(404);
    await pageNaming(hash);
    const got = await fetchContent(hash);
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual({ hash, html: kept });
    // Storing the same HTML again answers the same hash.
    expect((await store(html)).json().data.hash).toBe(hash);
  });

  it.each(XSS_PAYLOADS)('leaves nothing executable of %s', async (payload) => {
    const res = await store(`<p>before</p>${payload}<p>after</p>`);
    expect(res.statusCode).toBe(200);
    const kept: string = res.json().data.html;
    expect(kept).toContain('<p>before</p>');
    expect(kept).toContain('<p>after</p>');
    expect(kept).not.toMatch(/<script|<iframe|<svg|<math|<style|<object|<embed|<form|<input/i);
    expect(kept).not.toMatch(/\son[a-z]+\s*=/i);
    expect(kept).not.toMatch(/javascript:|data:|href="\/\//i);
  });

  it('refuses without the organiser token, empty results, oversize and bad hashes; stores nothing then', async () => {
    const count = async () => Number((await s.db.query<{ n: string }>('SELECT count(*) AS n FROM contents')).rows[0].n);
    const before = await count();
    expect((await store('<p>x</p>', {})).statusCode).toBe(401);
    expect((await store('<p>x</p>', { authorization: 'Bearer wrong' })).statusCode).toBe(403);
    const empty = await store('<script>alert(1)</script>');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toMatch(/no content left/);
    const big = await store('<p>' + 'x'.repeat(200_001) + '</p>');
    expect(big.statusCode).toBe(400);
    expect(big.json().msg).toMatch(/html/);
    expect((await s.app.inject({ method: 'POST', url: '/api/v2/organizer/contents', headers: AUTH, payload: {} })).statusCode).toBe(400);
    expect(await count()).toBe(before);
    const bad = await fetchContent('not-a-hash');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/hash/);
    expect((await fetchContent('a'.repeat(64))).statusCode).toBe(404);
  });
});
