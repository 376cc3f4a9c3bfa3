import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The real server (server/src/main.ts) as a child process, like scripts/lib/server.mjs
 * (which Jest cannot import: it is an ES module): a free port, a temporary DATA_DIR,
 * the given environment, ready once it prints its listening line.
 */
export interface ServerProcess {
  baseUrl: string;
  /** The `Demo event:` link when the server seeded one. */
  demoUrl: string | null;
  output(): string;
  stop(): Promise<void>;
}

const root = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-proc-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    H5_DIR: path.join(dataDir, 'no-h5'),
    LOG_LEVEL: 'warn',
    ...env
  };
  delete childEnv.TARO_ENV_JEST;
  delete childEnv.NODE_ENV;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe']
  });
  const lines: string[] = [];
  let demoUrl: string | null = null;
  let exited = false;
  const exit = new Promise<void>((resolve) => child.on('exit', () => ((exited = true), resolve())));
  const output = () => lines.slice(-40).join('\n');
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const cut = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(cut);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  await new Promise<void>((resolve, reject) => {
    let listening = false;
    let expectUrl = false;
    const timer = setTimeout(() => reject(new Error(`server not ready within ${timeoutMs / 1000} s:\n${output()}`)), timeoutMs);
    const done = (err?: Error) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve();
    };
    const onLine = (line: string) => {
      lines.push(line);
      if (expectUrl && /^https?:\/\/\S+$/.test(line.trim())) {
        demoUrl = line.trim();
        return done();
      }
      expectUrl = line.trim() === 'Demo event:';
      if (!listening && line.startsWith('Server listening on ')) {
        listening = true;
        // The demo link, when there is one, follows at once.
        setTimeout(() => done(), 1500);
      }
    };
    for (const stream of [child.stdout!, child.stderr!]) {
      let buf = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        buf += chunk;
        let i;
        while ((i = buf.indexOf('\n')) >= 0) {
          onLine(buf.slice(0, i));
          buf = buf.slice(i + 1);
        }
      });
    }
    void exit.then(() => done(new Error(`server exited before it was ready:\n${output()}`)));
  }).catch(async (e) => {
    await stop();
    throw e;
  });
  return { baseUrl, demoUrl, output, stop };
}
