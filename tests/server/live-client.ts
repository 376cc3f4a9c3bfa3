import WebSocket from 'ws';
import { liveMessagesOf } from '../../types/live';

/** A test WebSocket client that keeps every JSON frame it receives (a batch as its messages), in order. */
export interface LiveConn {
  ws: WebSocket;
  /** Every parsed frame so far. */
  frames: Array<Record<string, unknown>>;
  /** Every frame as it came on the wire (a batch is one entry). */
  raw: string[];
  /** The next frame (after the ones already taken) that matches, waiting for it. */
  next(match?: (f: Record<string, unknown>) => boolean, what?: string): Promise<Record<string, unknown>>;
  /** Resolves with the close code once the socket is closed. */
  closed: Promise<number>;
  send(v: unknown): void;
}

const WAIT_MS = 10_000;

export function openLive(url: string, headers: Record<string, string> = {}): Promise<LiveConn> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const frames: Array<Record<string, unknown>> = [];
    const raw: string[] = [];
    let taken = 0;
    let wake: (() => void) | null = null;
    const closed = new Promise<number>((res) => ws.on('close', (code) => res(code)));
    ws.on('message', (data) => {
      raw.push(String(data));
      // A batch frame (types/live.ts LIVE_COALESCE_MS) is taken as its messages, in order.
      frames.push(...liveMessagesOf(JSON.parse(String(data))).map((f) => f as Record<string, unknown>));
      wake?.();
    });
    ws.on('unexpected-response', (_req, res) => {
      reject(new Error(`upgrade refused with HTTP ${res.statusCode}`));
      res.resume();
    });
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        frames,
        raw,
        closed,
        send: (v) => ws.send(typeof v === 'string' || Buffer.isBuffer(v) ? v : JSON.stringify(v)),
        async next(match = () => true, what = 'a frame') {
          const deadline = Date.now() + WAIT_MS;
          for (;;) {
            while (taken < frames.length) {
              const f = frames[taken++];
              if (match(f)) return f;
            }
            if (Date.now() > deadline) throw new Error(`no ${what} within ${WAIT_MS} ms; frames: ${JSON.stringify(frames)}`);
            await new Promise<void>((r) => {
              const t = setTimeout(r, 200);
              wake = () => {
                clearTimeout(t);
                r();
              };
            });
            wake = null;
          }
        }
      })
    );
  });
}

/** The HTTP answer to an upgrade the server refuses (status and parsed body); throws when it upgrades. */
export function refusedUpgrade(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        } catch {
          reject(new Error(`refused with a body that is not JSON: ${text.slice(0, 200)}`));
        }
      });
    });
    ws.on('open', () => {
      ws.close();
      reject(new Error('the server accepted the upgrade'));
    });
    ws.on('error', (e) => reject(e));
  });
}
