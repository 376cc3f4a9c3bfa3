// Requests Node's HTTP parser refuses never reach a route: they still answer the
// {code, data, msg} envelope (issue 11 item 10), and the server keeps serving.
import net from 'node:net';
import { BACKENDS, startTestServer, type TestServer } from './helpers';

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function raw(port: number, request: string): Promise<{ status: number; body: string; headers: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (data += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

describe.each(BACKENDS)('HTTP parser errors on %s', (backend) => {
  let s: TestServer;
  let port: number;
  beforeAll(async () => {
    s = await startTestServer(backend);
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    port = (s.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await s?.close();
  });

  it.each([
    ['an oversized header', `GET /session.js HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['a negative Content-Length', 'POST /api/v2/trigger/story HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n', 400],
    ['Transfer-Encoding with Content-Length', 'POST /api/v2/trigger/story HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400],
    ['a NUL in the request line', 'GET /session.js\u0000 HTTP/1.1\r\nHost: x\r\n\r\n', 400]
  ])('answers %s with the envelope', async (_name, request, status) => {
    const r = await raw(port, request);
    expect(r.status).toBe(status);
    expect(r.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(r.body)).toEqual({ code: status, data: null, msg: expect.any(String) });
    // The server is still there for everyone else.
    const ok = await fetch(`http://127.0.0.1:${port}/session.js`);
    expect(ok.status).toBe(200);
  });
});
