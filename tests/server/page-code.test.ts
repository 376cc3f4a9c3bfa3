/**
 * The `code` component's hosts (issue 14 part 2, spec part 3 §2 item 15): a page is saved only when
 * every script and stylesheet is https on a host the server allow-lists (CODE_HOSTS); anything else is
 * refused with the page check's field path, and nothing is saved. Also: the new content components'
 * props are checked on save (a wrong tab mode, a guide duration out of range).
 */
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { PAGEDATA_INVALID } from '../../types/page/validate';
import { parseCodeHosts } from '../../server/src/config';
import { codeUrlHost } from '../../types/page/code';
import { codeScriptOrigins, codeStyleOrigins } from '../../types/page/codeOrigins';

const TOKEN = 'code-organiser-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };

describe.each(BACKENDS)('code hosts on save on %s', (backend) => {
  let s: TestServer;
  let gid: number;

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, SEED_DEMO: '0', CODE_HOSTS: 'cdn.example.com, *.widgets.example.org' });
    gid = await insertGallery(s.db, { link_id: 'code0001', name: 'Code' });
  });
  afterAll(async () => {
    await s.close();
  });

  const save = (pagedata: unknown) =>
    s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${gid}/page`, payload: { pagedata } as object, headers: AUTH });
  const stored = async () => (await s.db.query<{ pagedata: unknown }>('SELECT pagedata FROM galleries WHERE id = $1', [gid])).rows[0].pagedata;

  it('saves code whose scripts and styles are on allow-listed hosts (exact, or a subdomain of a *. entry)', async () => {
    const pagedata = {
      components: [
        { id: 'code-1', type: 'code', props: { scripts: ['https://cdn.example.com/chat.js'], styles: ['https://a.widgets.example.org/chat.css'] } }
      ]
    };
    const res = await save(pagedata);
    expect([res.statusCode, res.json().code]).toEqual([200, 200]);
    expect(await stored()).toEqual(pagedata);
  });

  it('refuses a script or style from any other host, at its path (nested components too), and saves nothing', async () => {
    const before = await stored();
    const bad = {
      components: [
        { id: 'code-1', type: 'code', props: { scripts: ['https://cdn.example.com/ok.js', 'https://evil.example.net/x.js'], styles: ['https://widgets.example.org/a.css'] } },
        {
          id: 'tabs',
          type: 'tab',
          props: { items: [{ title: 'More', children: [{ id: 'code-2', type: 'code', props: { scripts: ['https://CDN.EXAMPLE.COM.evil.net/y.js'] } }] }] }
        },
        { id: 'code-3', type: 'code', props: { scripts: ['http://cdn.example.com/plain.js'] } }
      ]
    };
    const res = await save(bad);
    expect([res.statusCode, res.json().code]).toEqual([400, 400]);
    expect(res.json().data).toEqual({
      key: PAGEDATA_INVALID,
      errors: [
        { path: 'pagedata.components[0].props.scripts[1]', message: 'host evil.example.net is not allow-listed for code (CODE_HOSTS: cdn.example.com, *.widgets.example.org)' },
        // `*.widgets.example.org` allows its subdomains, not the domain itself.
        { path: 'pagedata.components[0].props.styles[0]', message: 'host widgets.example.org is not allow-listed for code (CODE_HOSTS: cdn.example.com, *.widgets.example.org)' },
        {
          path: 'pagedata.components[1].props.items[0].children[0].props.scripts[0]',
          message: 'host cdn.example.com.evil.net is not allow-listed for code (CODE_HOSTS: cdn.example.com, *.widgets.example.org)'
        },
        { path: 'pagedata.components[2].props.scripts[0]', message: 'must be an https address' }
      ]
    });
    expect(await stored()).toEqual(before);
  });

  it('compares the host a browser parses: a backslash, user name, escape or other ambiguous address is refused, and nothing is saved', async () => {
    const before = await stored();
    const tricks = [
      // Browsers read the backslash as a slash: this loads from evil.test.
      'https://evil.test\\.widgets.example.org/x.js',
      'https://evil.test\\@cdn.example.com/x.js',
      'https://user@cdn.example.com/x.js',
      'https://cdn.example.com@evil.test/x.js',
      'https://cdn%2eexample.com/x.js',
      'https://evil.test%2f.widgets.example.org/x.js',
      'https://a.widgets.example.org\t/x.js',
      ' https://cdn.example.com/x.js',
      'https://cdn.example.com/x.js\u0000',
      'https://a.widgets.ｅxample.org/x.js',
      'https://a.widgets.example.org:443/x.js',
      'HTTPS://cdn.example.com/x.js'
    ];
    for (const url of tricks) {
      for (const field of ['scripts', 'styles']) {
        const res = await save({ components: [{ id: 'code-1', type: 'code', props: { [field]: ['https://cdn.example.com/ok.js', url] } }] });
        expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 400]);
        expect([url, res.json().data.errors.map((e: { path: string }) => e.path)]).toEqual([url, [`pagedata.components[0].props.${field}[1]`]]);
      }
    }
    expect(await stored()).toEqual(before);
  });

  it('checks the other new components on save too', async () => {
    const res = await save({
      components: [
        { id: 'tab', type: 'tab', props: { mode: 'side', items: [] } },
        { id: 'guide', type: 'guide', props: { image: 'a'.repeat(64), duration: 90 } },
        { id: 'bg', type: 'buttongroup', props: { buttons: [{ text: 'Go', modal: 'lottery' }] } },
        { id: 'hot', type: 'hot_pic', props: { template: 'template9' } },
        { id: 'f', type: 'iframe', props: { url: 'javascript:alert(1)' } }
      ]
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors.map((e: { path: string }) => e.path)).toEqual([
      'pagedata.components[0].props.mode',
      'pagedata.components[1].props.duration',
      'pagedata.components[2].props.buttons[0].modal',
      'pagedata.components[3].props.template',
      'pagedata.components[4].props.url'
    ]);
  });
});

describe('code hosts without CODE_HOSTS', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(BACKENDS[0], { ORGANIZER_TOKEN: TOKEN, SEED_DEMO: '0' });
  });
  afterAll(async () => {
    await s.close();
  });

  it('a server that allow-lists no host refuses every code address, saying how to allow one', async () => {
    const gid = await insertGallery(s.db, { link_id: 'code0002', name: 'Code' });
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/v2/organizer/galleries/${gid}/page`,
      payload: { pagedata: { components: [{ id: 'c', type: 'code', props: { styles: ['https://cdn.example.com/a.css'] } }] } },
      headers: AUTH
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toEqual([
      { path: 'pagedata.components[0].props.styles[0]', message: 'host cdn.example.com is not allow-listed for code (the server allows no code hosts: set CODE_HOSTS)' }
    ]);
  });

  it('CODE_HOSTS must hold host names', () => {
    expect(parseCodeHosts(' CDN.example.com ,*.example.org,static.example.net:8443 ')).toEqual(['cdn.example.com', '*.example.org', 'static.example.net:8443']);
    expect(parseCodeHosts(undefined)).toEqual([]);
    expect(() => parseCodeHosts('https://cdn.example.com')).toThrow('CODE_HOSTS holds host names');
  });
});

describe('the host a browser loads a code address from', () => {
  it('is the WHATWG-parsed host, and null for any address whose written host is not exactly that', () => {
    expect(codeUrlHost('https://CDN.example.com/a.js?v=1#x')).toBe('cdn.example.com');
    expect(codeUrlHost('https://static.example.net:8443/a.css')).toBe('static.example.net:8443');
    for (const url of [
      'https://evil.test\\.example.org/x.js',
      'https://user:pw@cdn.example.com/x.js',
      'https://cdn%2eexample.com/x.js',
      'https://bücher.example.org/x.js',
      'https://0x7f.1/x.js',
      'https://cdn.example.com:443/x.js',
      'http://cdn.example.com/x.js',
      'https:///x.js',
      'https://cdn.example.com/x\n.js',
      '//cdn.example.com/x.js',
      42
    ]) {
      expect([url, codeUrlHost(url)]).toEqual([url, null]);
    }
  });

  it('codeScriptOrigins: the https origins of a saved page\'s code scripts (nested ones too), each once, only allow-listed ones when a list is given', () => {
    const page = {
      components: [
        { id: 'a', type: 'code', props: { scripts: ['https://cdn.example.com/a.js', 'https://cdn.example.com/b.js', 'https://x.w.example.org:8443/c.js'], styles: ['https://fonts.example.net/f.css'] } },
        { id: 't', type: 'text', props: { text: 'https://not.code.example/' } },
        {
          id: 'tabs',
          type: 'tab',
          props: { items: [{ title: 'More', children: [{ id: 'b', type: 'code', props: { scripts: ['https://old.example.com/y.js', 'https://evil.test\\.example.org/z.js'] } }] }] }
        }
      ]
    };
    expect(codeScriptOrigins(page)).toEqual(['https://cdn.example.com', 'https://x.w.example.org:8443', 'https://old.example.com']);
    expect(codeScriptOrigins(page, ['cdn.example.com', '*.w.example.org:8443'])).toEqual(['https://cdn.example.com', 'https://x.w.example.org:8443']);
    expect(codeStyleOrigins(page)).toEqual(['https://fonts.example.net']);
    expect(codeScriptOrigins({ components: [] })).toEqual([]);
    expect(codeScriptOrigins(null)).toEqual([]);
    expect(codeScriptOrigins({ components: [{ id: 'c', type: 'code', props: { scripts: 'https://cdn.example.com/a.js' } }] })).toEqual([]);
  });
});
