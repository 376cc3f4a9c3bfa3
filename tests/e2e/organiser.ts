// The photographer's side for browser tests: organiser API calls and the real
// upload CLI against the e2e server, and small JPEGs with EXIF shoot times.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import { BASE_URL, ORGANIZER_TOKEN, ROOT } from './support';

export async function organiser(method: string, urlPath: string, body?: unknown) {
  const res = await fetch(BASE_URL + urlPath, {
    method,
    headers: { authorization: `Bearer ${ORGANIZER_TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`${method} ${urlPath} answered ${JSON.stringify(json)}`);
  return json.data;
}

/** A new gallery through the organiser API. */
export async function createGallery(name: string): Promise<{ id: number; link_id: string }> {
  return (await organiser('POST', '/api/v2/organizer/galleries', { name })).gallery;
}

/** A small JPEG shot at `when` (EXIF DateTimeOriginal, local time). */
export async function shot(dir: string, name: string, when: Date, hue: number) {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${when.getFullYear()}:${p(when.getMonth() + 1)}:${p(when.getDate())} ${p(when.getHours())}:${p(when.getMinutes())}:${p(when.getSeconds())}`;
  await sharp({ create: { width: 640, height: 427, channels: 3, background: { r: hue, g: 255 - hue, b: (hue * 3) % 256 } } })
    .jpeg()
    .withExif({ IFD2: { DateTimeOriginal: stamp } })
    .toFile(path.join(dir, name));
}

/** The uploader CLI, once over a folder (not watching); its output. */
export function upload(link: string, dir: string): string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/cli/upload.ts'), '--gallery', link, dir], {
    cwd: ROOT,
    env: { ...process.env, SERVER_URL: BASE_URL, ORGANIZER_TOKEN, TARO_ENV_JEST: '' },
    encoding: 'utf8',
    timeout: 120_000
  });
  if (r.status !== 0) throw new Error(`upload CLI exited ${r.status}: ${r.stdout}\n${r.stderr}`);
  return r.stdout;
}
