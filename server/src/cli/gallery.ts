/**
 * Create or list galleries through the organiser API of a running server.
 *   npm run gallery -- create --name "Wedding" [--link abc12345] [--start "2026-11-22 18:00"] [--end …] [--desc …] [--parent <id>] [--tags a,b]
 *   npm run gallery -- list
 *   npm run gallery -- page|config|watermark|goods|gate|gates|group|groups …   (configure.ts)
 *   npm run gallery -- orders <id|link> [--status paid] …                      (orders.ts)
 *   npm run gallery -- indexing <id|link> [--follow]                           (indexing.ts)
 * Server: --server or SERVER_URL (default http://localhost:$PORT, PORT 8080); token: --token or ORGANIZER_TOKEN.
 */
import { LINK_ID_RE } from '../../../types/routes';
import { Api, apiOptionsFrom, argValue, runHttpCli, type ApiOptions, type NewGallery, type OrganizerGallery } from './api';
import { CONFIGURE_COMMANDS, CONFIGURE_USAGE, parseConfigureArgs, runConfigureCommand, type ConfigureCommand } from './configure';
import { FORMS_USAGE, parseSubmissionsArgs, runSubmissionsCommand, type SubmissionsCommand } from './forms';
import { COMMENTS_USAGE, parseCommentsArgs, runCommentsCommand, type CommentsCommand } from './comments';
import { ORDERS_USAGE, parseOrdersArgs, runOrdersCommand, type OrdersCommand } from './orders';
import { INDEXING_USAGE, parseIndexingArgs, runIndexingCommand, type IndexingCommand } from './indexing';

export const GALLERY_USAGE = `Usage:
  npm run gallery -- create --name "Wedding" [--link abc12345] [--start "2026-11-22 18:00"] [--end "2026-11-23 02:00"]
                            [--desc "…"] [--parent <gallery id>] [--tags a,b] [--legacy-id <id below 1000000>]
  npm run gallery -- list
${CONFIGURE_USAGE}
${FORMS_USAGE}
${COMMENTS_USAGE}
${ORDERS_USAGE}
${INDEXING_USAGE}
Options: --server <url> (or SERVER_URL, default http://localhost:$PORT)
         --token <token> (or ORGANIZER_TOKEN, the value the server was started with)
Times are local ("YYYY-MM-DD HH:mm"), ISO 8601 or Unix seconds. Prices are in yuan (9.90); the server keeps cents.`;

export type GalleryCommand = { cmd: 'create'; api: ApiOptions; gallery: NewGallery } | { cmd: 'list'; api: ApiOptions } | ConfigureCommand | SubmissionsCommand | CommentsCommand | OrdersCommand | IndexingCommand;

/** A time argument as Unix seconds: "YYYY-MM-DD[ HH:mm[:ss]]" (local time), ISO 8601 with a zone, or digits. */
export function parseTime(name: string, value: string): number {
  if (/^\d{9,11}$/.test(value)) return Number(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  let d: Date;
  if (m) {
    const [y, mo, da, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
    d = new Date(y, mo - 1, da, h, mi, s);
    if (d.getFullYear() !== y || d.getMonth() !== mo - 1 || d.getDate() !== da || h > 23 || mi > 59 || s > 59) {
      throw new Error(`${name} is not a real date and time: "${value}"`);
    }
  } else {
    d = new Date(value);
  }
  if (Number.isNaN(d.getTime())) throw new Error(`${name} must look like "2026-11-22 18:00", got "${value}"`);
  return Math.floor(d.getTime() / 1000);
}

export function parseGalleryArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): GalleryCommand {
  const cmd = argv[0];
  if ((CONFIGURE_COMMANDS as readonly string[]).includes(cmd)) return parseConfigureArgs(argv, env);
  if (cmd === 'submissions') return parseSubmissionsArgs(argv, env);
  if (cmd === 'comments') return parseCommentsArgs(argv, env);
  if (cmd === 'orders') return parseOrdersArgs(argv, env);
  if (cmd === 'indexing') return parseIndexingArgs(argv, env);
  if (cmd !== 'create' && cmd !== 'list') {
    throw new Error(`unknown command ${cmd ? `"${cmd}"` : '(none)'}: use create, list, ${CONFIGURE_COMMANDS.join(', ')}, submissions, comments, orders, indexing (--help)`);
  }
  const api = apiOptionsFrom(argv, env);
  if (cmd === 'list') return { cmd, api };
  const name = argValue(argv, '--name')?.trim();
  if (!name) throw new Error('--name is required');
  if (name.length > 100) throw new Error('--name is longer than 100 characters');
  const gallery: NewGallery = { name };
  const link = argValue(argv, '--link');
  if (link !== undefined) {
    if (!LINK_ID_RE.test(link)) throw new Error('--link must be 6 to 9 letters or digits');
    gallery.link_id = link;
  }
  const desc = argValue(argv, '--desc');
  if (desc !== undefined) gallery.desc = desc;
  const start = argValue(argv, '--start');
  if (start !== undefined) gallery.start_time = parseTime('--start', start);
  const end = argValue(argv, '--end');
  if (end !== undefined) gallery.end_time = parseTime('--end', end);
  if (gallery.start_time !== undefined && gallery.end_time !== undefined && gallery.end_time < gallery.start_time) {
    throw new Error('--end is before --start');
  }
  const parent = argValue(argv, '--parent');
  if (parent !== undefined) {
    if (!/^\d{1,10}$/.test(parent)) throw new Error('--parent must be a gallery id (a whole number)');
    gallery.parent = Number(parent);
  }
  const tags = argValue(argv, '--tags');
  if (tags !== undefined) gallery.tags = tags.split(',').map((t) => t.trim()).filter(Boolean);
  const legacy = argValue(argv, '--legacy-id');
  if (legacy !== undefined) {
    if (!/^\d{1,6}$/.test(legacy) || Number(legacy) < 1) throw new Error('--legacy-id must be a gallery id of the old system, from 1 to 999999');
    gallery.legacy_id = Number(legacy);
  }
  return { cmd, api, gallery };
}

export function visitorUrl(server: string, linkId: string): string {
  return `${server.replace(/\/+$/, '')}/g/${linkId}`;
}

/** Create a gallery; the printed lines end with its visitor URL on its own line. */
export async function createGallery(api: Api, g: NewGallery): Promise<{ gallery: OrganizerGallery; lines: string[] }> {
  const gallery = await api.createGallery(g);
  const lines = [`Gallery ${gallery.id} created: ${gallery.name}`, `link: ${gallery.link_id}`, visitorUrl(api.server, gallery.link_id)];
  return { gallery, lines };
}

function fmtTime(t: unknown): string {
  if (typeof t !== 'number' || t <= 0) return '-';
  const d = new Date(t * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The galleries as an aligned text table (id, link, photos, start, name, URL). */
export function galleryTable(server: string, galleries: OrganizerGallery[]): string[] {
  if (galleries.length === 0) return ['No galleries yet: create one with `npm run gallery -- create --name "…"`.'];
  const rows = [['ID', 'LINK', 'PHOTOS', 'START', 'NAME', 'URL']].concat(
    galleries.map((g) => [String(g.id), g.link_id, String(g.image_total ?? '-'), fmtTime(g.start_time), g.name, visitorUrl(server, g.link_id)])
  );
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]))).join('  '));
}

export async function runGalleryCommand(c: GalleryCommand, print: (line: string) => void = console.log): Promise<number> {
  if (c.cmd === 'submissions') return runSubmissionsCommand(c, print);
  if (c.cmd === 'comments') return runCommentsCommand(c, print);
  if (c.cmd === 'orders') return runOrdersCommand(c, print);
  if (c.cmd === 'indexing') return runIndexingCommand(c, print);
  if (c.cmd !== 'create' && c.cmd !== 'list') return runConfigureCommand(c, print);
  const api = new Api(c.api);
  if (c.cmd === 'create') {
    (await createGallery(api, c.gallery)).lines.forEach((l) => print(l));
  } else {
    galleryTable(api.server, await api.listGalleries()).forEach((l) => print(l));
  }
  return 0;
}

if (require.main === module) {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(GALLERY_USAGE);
    process.exit(0);
  }
  runHttpCli((argv) => parseGalleryArgs(argv), (c) => runGalleryCommand(c));
}
