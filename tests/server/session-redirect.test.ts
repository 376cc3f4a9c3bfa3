// Session redirect (spec part 3 §8, code 200302): with SESSION_REDIRECT_URL set, /session.js answers
// 200302 with the session and its redirect; the session itself still works (the client keeps its token).
import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { loadConfig } from '../../server/src/config';

describe('SESSION_REDIRECT_URL', () => {
  it('takes an app path or an http(s) address, and refuses anything else at start', () => {
    expect(loadConfig({}).sessionRedirectUrl).toBeNull();
    expect(loadConfig({ SESSION_REDIRECT_URL: '/g/abc123' }).sessionRedirectUrl).toBe('/g/abc123');
    expect(loadConfig({ SESSION_REDIRECT_URL: 'https://new.example/' }).sessionRedirectUrl).toBe('https://new.example/');
    expect(() => loadConfig({ SESSION_REDIRECT_URL: 'javascript:alert(1)' })).toThrow('SESSION_REDIRECT_URL');
    expect(() => loadConfig({ SESSION_REDIRECT_URL: '//evil.example' })).toThrow('SESSION_REDIRECT_URL');
  });
});

describe.each(BACKENDS)('session redirect on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(backend, { SESSION_REDIRECT_URL: '/g/moved01' });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 200302 with the session and the redirect; the token it gives is a working session', async () => {
    const r = await s.app.inject({ method: 'GET', url: '/session.js' });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ code: 200302, data: { redirect: '/g/moved01', user: { is_mock: true } } });
    expect(typeof body.data.token).toBe('string');
    const again = (await s.app.inject({ method: 'GET', url: '/session.js', headers: { authorization: `Bearer ${body.data.token}` } })).json();
    expect(again.data.token).toBe(body.data.token);
    expect((await s.app.inject({ method: 'GET', url: '/api/v2/userinfo', headers: { authorization: `Bearer ${body.data.token}` } })).json().code).toBe(200);
  });
});
