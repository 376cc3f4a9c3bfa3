import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import sharp from 'sharp';
import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { Api, ApiError } from '../../server/src/cli/api';
import { parseGalleryArgs, runGalleryCommand } from '../../server/src/cli/gallery';
import { STATE_FILE, Uploader, type FileResult } from '../../server/src/cli/uploader';
import { watchFolder } from '../../server/src/cli/upload-watch';
import { parseUploadArgs, runUpload } from '../../server/src/cli/upload';
import { resolveUploadSecret, signPolicy } from '../../server/src/storage/policy';

const ROOT = path.resolve(__dirname, '../..');
const TOKEN = 'tok';

/**
 * A pass-through proxy in front of the server. The server's PUBLIC_URL is the
 * proxy, so the signed host (`${PUBLIC_URL}/oss/upload`) goes through it too;
 * `failHostPosts` answers that many host POSTs with a 500 instead.
 */
interface Proxy {
  url: string;
  targetPort: number;
  failHostPosts: number;
  hostPosts: number;
  close(): Promise<void>;
}

async function startProxy(): Promise<Proxy> {
  const proxy = { targetPort: 0, failHostPosts: 0, hostPosts: 0 } as Proxy;
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/oss/upload')) {
      proxy.hostPosts++;
      if (proxy.failHostPosts > 0) {
        proxy.failHostPosts--;
        req.resume();
        req.on('end', () => res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream trouble'));
        return;
      }
    }
    const up = http.request({ host: '127.0.0.1', port: proxy.targetPort, method: req.method, path: req.url, headers: req.headers }, (ur) => {
      res.writeHead(ur.statusCode ?? 502, ur.headers);
      ur.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () => new Promise((resolve) => server.close(() => resolve()));
  return proxy;
}

/** A small JPEG or PNG whose bytes depend on `seed`. */
async function image(seed: number, format: 'jpeg' | 'png', size = 64): Promise<Buffer> {
  const raw = Buffer.alloc(size * size * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 31 + seed * 97 + ((i * seed) % 251)) & 0xff;
  const img = sharp(raw, { raw: { width: size, height: size, channels: 3 } });
  return format === 'jpeg' ? img.jpeg({ quality: 90 }).toBuffer() : img.png().toBuffer();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 15000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

function tmpFolder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'lg-upload-'));
}

describe.each(BACKENDS)('organiser CLIs: gallery and upload (%s)', (backend) => {
  let ts: TestServer;
  let proxy: Proxy;
  let server: string;
  const folders: string[] = [];
  const folder = () => {
    const f = tmpFolder();
    folders.push(f);
    return f;
  };

  beforeAll(async () => {
    proxy = await startProxy();
    ts = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, PUBLIC_URL: proxy.url, SEED_DEMO: '0' });
    await ts.app.listen({ port: 0, host: '127.0.0.1' });
    proxy.targetPort = (ts.app.server.address() as AddressInfo).port;
    server = proxy.url;
  });

  afterAll(async () => {
    await ts?.close();
    await proxy?.close();
    folders.forEach((f) => fs.rmSync(f, { recursive: true, force: true }));
  });

  const cli = (...args: string[]) => [...args, '--server', server, '--token', TOKEN];

  async function newGallery(name: string, link: string): Promise<{ id: number; lines: string[] }> {
    const lines: string[] = [];
    await runGalleryCommand(parseGalleryArgs(cli('create', '--name', name, '--link', link, '--start', '2026-11-22 18:00'), {}), (l) => lines.push(l));
    const { rows } = await ts.db.query<{ id: number }>('SELECT id FROM galleries WHERE link_id = $1', [link]);
    return { id: rows[0].id, lines };
  }

  async function photos(galleryId: number) {
    const { rows } = await ts.db.query<{ origin: string; size: number }>('SELECT origin, size FROM photos WHERE gallery_id = $1 ORDER BY origin', [galleryId]);
    return rows.map((r) => ({ origin: r.origin, size: Number(r.size) }));
  }

  it('creates a gallery, prints its id, link and visitor URL on its own line, and lists it', async () => {
    const { id, lines } = await newGallery('Wedding', 'wed12345');
    expect(lines.join('\n')).toContain(`Gallery ${id}`);
    expect(lines).toContain(`${server}/g/wed12345`);
    const list: string[] = [];
    await runGalleryCommand(parseGalleryArgs(cli('list'), {}), (l) => list.push(l));
    const row = list.find((l) => l.includes('wed12345'));
    expect(row).toContain('Wedding');
    expect(row).toContain(String(id));
  });

  it('uploads every JPEG and PNG once, skips a fake and an unreadable one, and uploads nothing again on a second run', async () => {
    const { id } = await newGallery('Party', 'party123');
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'IMG_0001.JPG'), await image(1, 'jpeg'));
    fs.writeFileSync(path.join(dir, 'IMG_0002.jpeg'), await image(2, 'jpeg'));
    fs.writeFileSync(path.join(dir, 'IMG_0003.jpg'), await image(3, 'jpeg'));
    fs.writeFileSync(path.join(dir, 'scan.png'), await image(4, 'png'));
    fs.writeFileSync(path.join(dir, 'fake.jpg'), 'this is not a photo');
    fs.writeFileSync(path.join(dir, '.hidden.jpg'), await image(5, 'jpeg'));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'hello');
    fs.symlinkSync(path.join(dir, 'gone.jpg'), path.join(dir, 'broken.jpg'));

    const out: string[] = [];
    const io = { print: (l: string) => out.push(l), tty: false };
    const code = await runUpload(parseUploadArgs(cli('--gallery', 'party123', dir), {}), io);
    expect(code).toBe(0);
    expect(out).toContain('skipped (not an image): fake.jpg');
    expect(out).toContain('skipped (unreadable: ENOENT): broken.jpg');
    expect(out.filter((l) => l.startsWith('✓ '))).toHaveLength(4);
    expect(out[out.length - 1]).toBe('uploaded 4, skipped 2, failed 0');
    expect((await photos(id)).map((p) => p.origin)).toEqual(['IMG_0001.JPG', 'IMG_0002.jpeg', 'IMG_0003.jpg', 'scan.png']);
    const state = JSON.parse(fs.readFileSync(path.join(dir, STATE_FILE), 'utf8')) as Record<string, { file: string; photoId: number }>;
    expect(Object.values(state).map((e) => e.file).sort()).toEqual(['IMG_0001.JPG', 'IMG_0002.jpeg', 'IMG_0003.jpg', 'scan.png']);

    // A restart: the state file says everything is there.
    const again: string[] = [];
    const posts = proxy.hostPosts;
    const code2 = await runUpload(parseUploadArgs(cli('--gallery', 'party123', dir), {}), { print: (l) => again.push(l), tty: false });
    expect(code2).toBe(0);
    expect(again.filter((l) => l.startsWith('already uploaded: '))).toHaveLength(4);
    expect(again[again.length - 1]).toBe('uploaded 0, skipped 6, failed 0');
    expect(proxy.hostPosts).toBe(posts);
    expect(await photos(id)).toHaveLength(4);
  });

  it('retries an upload the host answered with a 500, and the photo arrives once', async () => {
    const { id } = await newGallery('Retry', 'retry123');
    const dir = folder();
    const bytes = await image(10, 'jpeg');
    fs.writeFileSync(path.join(dir, 'retry.jpg'), bytes);
    const uploader = new Uploader({ api: new Api({ server, token: TOKEN }), galleryId: id, linkId: 'retry123', folder: dir });
    proxy.failHostPosts = 1;
    const before = proxy.hostPosts;
    const results: FileResult[] = [];
    const summary = await uploader.uploadAll(uploader.listFiles(), (r) => results.push(r));
    expect(proxy.hostPosts - before).toBe(2);
    expect(results).toEqual([expect.objectContaining({ file: 'retry.jpg', outcome: 'uploaded' })]);
    expect(summary).toMatchObject({ uploaded: 1, failed: 0 });
    expect(await photos(id)).toEqual([{ origin: 'retry.jpg', size: bytes.length }]);
  });

  it('reports a file the host refuses and carries on with the others', async () => {
    const { id } = await newGallery('Refused', 'refuse12');
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'a.jpg'), await image(20, 'jpeg'));
    fs.writeFileSync(path.join(dir, 'b.jpg'), await image(21, 'jpeg'));
    // A tampered signature: the host refuses every file with a 403 (not retried, nothing stored).
    const api = new Api({ server, token: TOKEN });
    const uploader = new Uploader({ api, galleryId: id, linkId: 'refuse12', folder: dir });
    const sig = await api.signature(id);
    (uploader as unknown as { sig: unknown }).sig = { ...sig, signature: `AAAA${sig.signature.slice(4)}` };
    const out: string[] = [];
    const summary = await uploader.uploadAll(uploader.listFiles(), (r) => out.push(`${r.file}:${r.outcome}:${r.reason ?? ''}`));
    expect(summary).toMatchObject({ uploaded: 0, failed: 2 });
    expect(out.join('\n')).toMatch(/upload refused \(HTTP 403\)/);
    expect(await photos(id)).toHaveLength(0);
    expect(fs.existsSync(path.join(dir, STATE_FILE))).toBe(false);
  });

  it('signs again and retries once when the host says the policy expired', async () => {
    const { id } = await newGallery('Expired', 'expire12');
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'late.jpg'), await image(25, 'jpeg'));
    const uploader = new Uploader({ api: new Api({ server, token: TOKEN }), galleryId: id, linkId: 'expire12', folder: dir });
    // A cached signature whose policy has in fact expired (the host's clock disagrees with ours).
    const past = signPolicy(resolveUploadSecret(ts.services.config), { dir: `uploads/g${id}/`, maxBytes: 1 << 20, expire: Math.floor(Date.now() / 1000) - 5 });
    (uploader as unknown as { sig: unknown }).sig = { ...past, host: `${server}/oss/upload`, expire: Math.floor(Date.now() / 1000) + 3600 };
    const before = proxy.hostPosts;
    const summary = await uploader.uploadAll(uploader.listFiles());
    expect(summary).toMatchObject({ uploaded: 1, failed: 0 });
    expect(proxy.hostPosts - before).toBe(2);
    expect(await photos(id)).toHaveLength(1);
  });

  it('watch mode uploads a file written slowly once it is complete, and a file renamed into place', async () => {
    const { id } = await newGallery('Live', 'live1234');
    const dir = folder();
    const uploader = new Uploader({ api: new Api({ server, token: TOKEN }), galleryId: id, linkId: 'live1234', folder: dir });
    const results: FileResult[] = [];
    const fatal: Error[] = [];
    const w = watchFolder(uploader, (r) => results.push(r), (e) => fatal.push(e));
    try {
      await w.ready;
      // A camera tether writing in chunks over ~600 ms.
      const bytes = await image(30, 'jpeg', 256);
      const fd = fs.openSync(path.join(dir, 'DSC_0100.JPG'), 'w');
      const chunks = 6;
      const step = Math.ceil(bytes.length / chunks);
      for (let i = 0; i < chunks; i++) {
        fs.writeSync(fd, bytes, i * step, Math.min(step, bytes.length - i * step));
        await sleep(100);
      }
      fs.closeSync(fd);
      await waitFor('the slow file', () => results.some((r) => r.file === 'DSC_0100.JPG'));

      // An FTP tool writing a hidden temporary file, then renaming it into place.
      const renamed = await image(31, 'png');
      fs.writeFileSync(path.join(dir, '.DSC_0101.png.part'), renamed);
      fs.renameSync(path.join(dir, '.DSC_0101.png.part'), path.join(dir, 'DSC_0101.png'));
      await waitFor('the renamed file', () => results.some((r) => r.file === 'DSC_0101.png'));
      await w.idle();

      expect(fatal).toEqual([]);
      expect(results.filter((r) => r.outcome === 'uploaded').map((r) => r.file).sort()).toEqual(['DSC_0100.JPG', 'DSC_0101.png']);
      expect(results.filter((r) => r.outcome === 'failed' || r.outcome === 'skipped')).toEqual([]);
      expect(await photos(id)).toEqual([
        { origin: 'DSC_0100.JPG', size: bytes.length },
        { origin: 'DSC_0101.png', size: renamed.length }
      ]);
    } finally {
      await w.close();
    }
  });

  it('a wrong or missing organiser token gives one clear error and uploads nothing', async () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'x.jpg'), await image(40, 'jpeg'));
    const posts = proxy.hostPosts;
    const args = parseUploadArgs(['--gallery', 'party123', dir, '--server', server, '--token', 'wrong'], {});
    await expect(runUpload(args, { print: () => undefined, tty: false })).rejects.toThrow(/organiser token missing or wrong/);
    await expect(runGalleryCommand(parseGalleryArgs(['list', '--server', server, '--token', 'wrong'], {}), () => undefined)).rejects.toThrow(
      /organiser token missing or wrong/
    );
    expect(() => parseUploadArgs(['--gallery', 'party123', dir, '--server', server], {})).toThrow(/organiser token missing/);
    expect(proxy.hostPosts).toBe(posts);
  });

  it('an unreachable server is reported as such', async () => {
    // A port nothing listens on any more.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const api = new Api({ server: `http://127.0.0.1:${port}`, token: TOKEN });
    const err = await api.listGalleries().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as Error).message).toBe(`server unreachable at http://127.0.0.1:${port} (ECONNREFUSED); is it running? (--server or SERVER_URL)`);
  });
});

describe('organiser CLI entry points', () => {
  it('`upload --help` prints the usage without a server or token', async () => {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile('npx', ['tsx', 'server/src/cli/upload.ts', '--help'], { cwd: ROOT, env: { ...process.env, ORGANIZER_TOKEN: '' } }, (err, out) =>
        err ? reject(err) : resolve(out)
      )
    );
    expect(stdout).toContain('npm run upload -- --gallery <link_id> <folder>');
  });
});
