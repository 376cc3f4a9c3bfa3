// Request bodies have a total deadline, not only the header timeout (issue 11, finding 3:
// 300 connections trickling a body stayed open for more than 5 minutes). Against a real
// listening server with short deadlines, a trickled body is cut with the 408 envelope.
import net from 'node:net';
import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { loadConfig } from '../../server/src/config';

interface Trickled {
  status: number;
  headers: string;
  body: string;
  /** Bytes of the body sent before the server closed the connection. */
  sent: number;
}

/**
 * Sends the request head, then one body byte every `everyMs` until the server closes the
 * connection; never sends the whole declared body. Resolves with the answer.
 */
function trickle(port: number, head: string, opts: { everyMs?: number; byte?: string } = {}): Promise<Trickled> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (d) => (data += d));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      // The server may cut the connection while a byte is on its way.
      if (e.code !== 'ECONNRESET' && e.code !== 'EPIPE') reject(e);
    });
    socket.on('close', () => {
      clearInterval(timer);
      const [h, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(h.split(' ')[1]), headers: h, body: rest.join('\r\n\r\n'), sent });
    });
    socket.write(head);
    timer = setInterval(() => {
      if (socket.destroyed || !socket.writable) return;
      socket.write(opts.byte ?? 'x');
      sent++;
    }, opts.everyMs ?? 50);
  });
}

describe('request deadline settings', () => {
  it('defaults to 30 s for ordinary bodies and 10 minutes for everything (uploads), and refuses an upload deadline shorter than the body one', () => {
    const c = loadConfig({});
    expect([c.requestTimeoutMs, c.uploadTimeoutMs]).toEqual([30_000, 600_000]);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000', UPLOAD_TIMEOUT_MS: '1000' })).toThrow(/UPLOAD_TIMEOUT_MS \(1000\) must not be shorter than REQUEST_TIMEOUT_MS \(5000\)/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/REQUEST_TIMEOUT_MS must be an integer/);
  });
});

describe.each(BACKENDS)('slow request bodies on %s', (backend) => {
  let s: TestServer;
  let port: number;
  beforeAll(async () => {
    s = await startTestServer(backend, { REQUEST_TIMEOUT_MS: '400', UPLOAD_TIMEOUT_MS: '1200' });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    port = (s.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await s?.close();
  });

  const expectCut = (r: Trickled) => {
    expect(r.status).toBe(408);
    expect(r.headers).toMatch(/content-type: application\/json/i);
    expect(r.headers).toMatch(/connection: close/i);
    expect(JSON.parse(r.body)).toEqual({ code: 408, data: null, msg: expect.any(String) });
  };

  it('cuts a JSON body trickled past REQUEST_TIMEOUT_MS with the 408 envelope and closes the connection', async () => {
    const head = 'POST /api/v2/auth/mp/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
    const r = await trickle(port, head);
    expectCut(r);
    expect(JSON.parse(r.body).msg).toBe('Request body timed out');
    expect(r.sent).toBeLessThan(100_000);
  });

  it('cuts many trickling connections, and answers others meanwhile', async () => {
    const head = 'POST /api/v2/trigger/story HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{';
    const slow = Array.from({ length: 30 }, () => trickle(port, head, { everyMs: 100, byte: ' ' }));
    const ok = await fetch(`http://127.0.0.1:${port}/session.js`);
    expect(ok.status).toBe(200);
    for (const r of await Promise.all(slow)) expectCut(r);
  });

  it('cuts a streamed upload trickled past UPLOAD_TIMEOUT_MS (Node requestTimeout) with the 408 envelope', async () => {
    const boundary = 'b0undary';
    const head =
      `POST /oss/upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\n`;
    const r = await trickle(port, head, { everyMs: 50, byte: 'k' });
    expect(r.status).toBe(408);
    expect(JSON.parse(r.body)).toEqual({ code: 408, data: null, msg: 'Request timed out' });
  });

  it('still takes a whole body sent at once', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v2/auth/mp/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'x' }) });
    // No session: refused by the login, not by a deadline.
    expect(res.status).toBe(401);
  });
});
