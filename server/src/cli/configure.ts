/**
 * Configure a gallery through the organiser API (issue 14): its page, config, watermark,
 * goods and gates. Commands of `npm run gallery --` (gallery.ts):
 * <id> is a gallery id or its link.
 *   page <id> <file.json>             save the page's pagedata from a JSON file ({components: [...]})
 *   config <id> --use_face 1 --sort -shoottime --locale en-US --share-title "…" --theme-main "#50d3cd" …
 *   watermark <id> --icon <hash> [--percent 20] [--opacity 60] [--align bottom-right] [--h 3] [--v 3] [--noborder] [--adjust h|v]
 *   watermark <id> --off
 *   goods <id>                        list its goods
 *   goods <id> add --name "Remove watermark" --price 9.90 --kind remove_watermark|download|service [--description "…"] [--pay-down]
 *   goods <id> paydown <goods id|0>   which good its photos are paid with (0: free)
 *   goods price <goods id> [--price 5.00] [--name "…"] [--description "…"]
 *   goods withdraw|restore <goods id> take a service offer off the order page (paid orders stay), or offer it again
 *   group create --name "…" <id> [<id> …]   a new group page (/page/group/{token}) of these galleries
 *   group <group id> [--name "…"] [<id> …]   rename a group or replace its galleries
 *   groups                            every group with its address
 *   gate <id> pgdata|watermark --password <pw> | --phone [--whitelist 13800000000,…] | --free
 *   gates <id>                        its gates and the page gates it inherits
 *   posters <id>                      its poster templates (built-in and custom)
 *   posters <id> add <file.jpg|png> --adjust 1|2   a custom poster template (1 landscape, 2 portrait)
 *   posters <id> remove <template id> a custom poster template removed
 */
import fs from 'node:fs';
import { LINK_ID_RE } from '../../../types/routes';
import { Api, ApiError, apiOptionsFrom, argValue, type ApiOptions } from './api';
import type { OrganizerGoods } from '../../../types/api/organizer';
import type { PayGoods } from '../../../types/api/pay';
import type { OrganizerGroup } from '../../../types/api/groups';
import type { OrganizerGate, OrganizerGates } from '../../../types/api/permission';
import type { PosterTemplate } from '../../../types/api/poster';

export const CONFIGURE_USAGE = `  (<id>: a gallery's id or its link)
  npm run gallery -- page <id> <file.json>
  npm run gallery -- config <id> [--use_face 0|1] [--active_on 0|1] [--use_comment 0|1] [--use_package 0|1]
                                 [--original_photo 0|1] [--block_all 0|1] [--share_off 0|1] [--sort -shoottime]
                                 [--template default] [--locale zh-CN|en-US] [--share-title "…"] [--share-text "…"]
                                 [--share-image <hash>] [--theme-background|--theme-h1|--theme-h2|--theme-component|--theme-main <colour>]
  npm run gallery -- watermark <id> --icon <hash> [--percent 20] [--opacity 100] [--align bottom-right] [--h 0] [--v 0]
                                    [--noborder] [--adjust h|v]
  npm run gallery -- watermark <id> --off
  npm run gallery -- goods <id>
  npm run gallery -- goods <id> add --name "Remove watermark" --price 9.90 --kind remove_watermark|download|service
                                   [--description "…"] [--pay-down]
  npm run gallery -- goods <id> paydown <goods id, 0 for free>
  npm run gallery -- goods price <goods id> [--price 5.00] [--name "…"] [--description "…"]
  npm run gallery -- goods withdraw|restore <goods id>
  npm run gallery -- group create --name "…" <id> [<id> …]
  npm run gallery -- group <group id> [--name "…"] [<id> …]
  npm run gallery -- groups
  npm run gallery -- gate <id> pgdata|watermark --password <password> | --phone [--whitelist 13800000000,…] | --free
  npm run gallery -- gates <id>
  npm run gallery -- posters <id>
  npm run gallery -- posters <id> add <file.jpg|png> --adjust 1|2   (1 landscape, 2 portrait)
  npm run gallery -- posters <id> remove <template id>`;

export const CONFIGURE_COMMANDS = ['page', 'config', 'watermark', 'goods', 'gate', 'gates', 'group', 'groups', 'posters'] as const;
export type ConfigureName = (typeof CONFIGURE_COMMANDS)[number];

/** One organiser call: method, path and body. `{gallery}` in the path is the gallery, named by id or link (resolved when it runs). */
export interface ConfigureCommand {
  cmd: ConfigureName;
  api: ApiOptions;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  gallery?: string;
  /** Galleries by id or link, resolved into the body's `gallery_ids` when it runs. */
  galleries?: string[];
}

const FLAGS = ['use_face', 'active_on', 'use_comment', 'use_package', 'original_photo', 'block_all', 'share_off'] as const;
const TEXTS: Record<string, string> = { '--sort': 'sort', '--template': 'template', '--locale': 'locale', '--share-title': 'h5_share_title', '--share-text': 'h5_share_text', '--share-image': 'h5_share_image' };
const THEME = ['background', 'h1', 'h2', 'component', 'main'] as const;

/** A gallery named on the command line: its id, or its link (6 to 9 letters or digits). */
function galleryRef(v: string | undefined): string {
  if (v && (/^\d{1,10}$/.test(v) || LINK_ID_RE.test(v))) return v;
  throw new Error(`a gallery id or link is needed, got ${v === undefined ? 'nothing' : `"${v}"`}`);
}

function galleryId(v: string | undefined, what = 'gallery id'): number {
  if (!v || !/^\d{1,10}$/.test(v)) throw new Error(`${what} must be a whole number, got ${v === undefined ? 'nothing' : `"${v}"`}`);
  return Number(v);
}

/** "9.90" (yuan, at most 2 decimals) → 990 cents, exactly. */
export function parsePrice(v: string | undefined): number {
  const m = v === undefined ? null : /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(v.trim());
  if (!m) throw new Error(`--price must be an amount in yuan with at most 2 decimals (9.90), got ${v === undefined ? 'nothing' : `"${v}"`}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const intOption = (argv: string[], name: string): number | undefined => {
  const v = argValue(argv, name);
  if (v === undefined) return undefined;
  if (!/^-?\d{1,6}$/.test(v)) throw new Error(`${name} must be a whole number, got "${v}"`);
  return Number(v);
};

const GALLERY = '/api/v2/organizer/galleries/{gallery}';

export function parseConfigureArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ConfigureCommand {
  const cmd = argv[0] as ConfigureName;
  const api = apiOptionsFrom(argv, env);
  switch (cmd) {
    case 'page': {
      const gallery = galleryRef(argv[1]);
      const file = argv[2];
      if (!file || file.startsWith('--')) throw new Error('page needs a JSON file: npm run gallery -- page <id> <file.json>');
      let pagedata: unknown;
      try {
        pagedata = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch (e) {
        throw new Error(`${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `not JSON (${(e as Error).message})`}`);
      }
      return { cmd, api, method: 'POST', path: `${GALLERY}/page`, body: { pagedata }, gallery };
    }
    case 'config': {
      const gallery = galleryRef(argv[1]);
      const body: Record<string, unknown> = {};
      for (const f of FLAGS) {
        const v = argValue(argv, `--${f}`);
        if (v === undefined) continue;
        if (v !== '0' && v !== '1') throw new Error(`--${f} must be 0 or 1`);
        body[f] = Number(v);
      }
      for (const [opt, field] of Object.entries(TEXTS)) {
        const v = argValue(argv, opt);
        if (v !== undefined) body[field] = v;
      }
      const theme: Record<string, string> = {};
      for (const k of THEME) {
        const v = argValue(argv, `--theme-${k}`);
        if (v !== undefined) theme[k] = v;
      }
      if (Object.keys(theme).length) body.theme = theme;
      if (!Object.keys(body).length) throw new Error('config needs at least one setting (--help)');
      return { cmd, api, method: 'POST', path: `${GALLERY}/config`, body, gallery };
    }
    case 'watermark': {
      const gallery = galleryRef(argv[1]);
      if (argv.includes('--off')) return { cmd, api, method: 'POST', path: `${GALLERY}/watermark/clear`, gallery };
      const icon = argValue(argv, '--icon');
      if (!icon) throw new Error('watermark needs --icon <hash of a stored image> (or --off)');
      const wm: Record<string, unknown> = { icon };
      for (const k of ['percent', 'opacity', 'h', 'v']) {
        const n = intOption(argv, `--${k}`);
        if (n !== undefined) wm[k] = n;
      }
      const align = argValue(argv, '--align');
      if (align !== undefined) wm.align = align;
      const adjust = argValue(argv, '--adjust');
      if (adjust !== undefined) wm.adjust = adjust;
      if (argv.includes('--noborder')) wm.noborder = true;
      return { cmd, api, method: 'POST', path: `${GALLERY}/watermark`, body: wm, gallery };
    }
    case 'goods': {
      if (argv[1] === 'price') {
        const goodsId = galleryId(argv[2], 'goods id');
        const body: Record<string, unknown> = {};
        if (argValue(argv, '--price') !== undefined) body.price = parsePrice(argValue(argv, '--price'));
        if (argValue(argv, '--name') !== undefined) body.name = argValue(argv, '--name');
        if (argValue(argv, '--description') !== undefined) body.description = argValue(argv, '--description');
        if (!Object.keys(body).length) throw new Error('goods price needs --price, --name or --description');
        return { cmd, api, method: 'POST', path: `/api/v2/organizer/goods/${goodsId}`, body };
      }
      if (argv[1] === 'withdraw' || argv[1] === 'restore') {
        const goodsId = galleryId(argv[2], 'goods id');
        return { cmd, api, method: 'POST', path: `/api/v2/organizer/goods/${goodsId}/${argv[1]}` };
      }
      const gallery = galleryRef(argv[1]);
      if (argv[2] === 'add') {
        const name = argValue(argv, '--name');
        if (!name) throw new Error('goods add needs --name');
        const kind = argValue(argv, '--kind') ?? 'remove_watermark';
        const description = argValue(argv, '--description');
        const body = {
          name, price: parsePrice(argValue(argv, '--price')), kind,
          ...(description !== undefined ? { description } : {}),
          ...(argv.includes('--pay-down') ? { pay_down: 1 } : {})
        };
        return { cmd, api, method: 'POST', path: `${GALLERY}/goods`, body, gallery };
      }
      if (argv[2] === 'paydown') {
        const goodsId = argv[3] === '0' ? 0 : galleryId(argv[3], 'goods id');
        return { cmd, api, method: 'POST', path: `${GALLERY}/paydown`, body: { goods_id: goodsId }, gallery };
      }
      if (argv[2] !== undefined && !argv[2].startsWith('--')) throw new Error(`unknown goods command "${argv[2]}": use add, paydown, price, withdraw or restore (--help)`);
      return { cmd, api, method: 'GET', path: `${GALLERY}/goods`, gallery };
    }
    case 'gate': {
      const gallery = galleryRef(argv[1]);
      const kind = argv[2];
      if (kind !== 'pgdata' && kind !== 'watermark') throw new Error('gate needs a kind: pgdata (the page) or watermark (the photos)');
      if (argv.includes('--free')) return { cmd, api, method: 'POST', path: `${GALLERY}/gates/${kind}/clear`, gallery };
      const password = argValue(argv, '--password');
      if (password !== undefined) return { cmd, api, method: 'POST', path: `${GALLERY}/gates/${kind}`, body: { access_type: 'password', password }, gallery };
      if (argv.includes('--phone')) {
        const list = argValue(argv, '--whitelist');
        const whitelist = list === undefined ? undefined : list.split(',').map((p) => p.trim()).filter(Boolean);
        return { cmd, api, method: 'POST', path: `${GALLERY}/gates/${kind}`, body: { access_type: 'phone', ...(whitelist ? { whitelist } : {}) }, gallery };
      }
      throw new Error('gate needs --password <password>, --phone [--whitelist …] or --free');
    }
    case 'gates':
      return { cmd, api, method: 'GET', path: `${GALLERY}/gates`, gallery: galleryRef(argv[1]) };
    case 'groups':
      return { cmd, api, method: 'GET', path: '/api/v2/organizer/groups' };
    case 'group': {
      const name = argValue(argv, '--name');
      // Positional gallery refs: everything after the sub-command that is not an option or its value.
      const refs = argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !(i > 0 && all[i - 1].startsWith('--'))).map(galleryRef);
      if (argv[1] === 'create') {
        if (!name) throw new Error('group create needs --name');
        if (!refs.length) throw new Error('group create needs at least one gallery id or link');
        return { cmd, api, method: 'POST', path: '/api/v2/organizer/groups', body: { name }, galleries: refs };
      }
      const groupId = galleryId(argv[1], 'group id');
      if (name === undefined && !refs.length) throw new Error('group <group id> needs --name or gallery ids');
      return { cmd, api, method: 'POST', path: `/api/v2/organizer/groups/${groupId}`, body: name === undefined ? {} : { name }, ...(refs.length ? { galleries: refs } : {}) };
    }
    case 'posters': {
      if (argv[1] === 'withdraw' || argv[1] === 'restore') {
        const goodsId = galleryId(argv[2], 'goods id');
        return { cmd, api, method: 'POST', path: `/api/v2/organizer/goods/${goodsId}/${argv[1]}` };
      }
      const gallery = galleryRef(argv[1]);
      if (argv[2] === 'add') {
        const file = argv[3];
        if (!file || file.startsWith('--')) throw new Error('posters add needs a JPEG or PNG file: npm run gallery -- posters <id> add <file> --adjust 1|2');
        const adjust = argValue(argv, '--adjust');
        if (adjust !== '1' && adjust !== '2') throw new Error('posters add needs --adjust 1 (landscape) or 2 (portrait)');
        return { cmd, api, method: 'POST', path: `${GALLERY}/poster-templates`, body: { adjust: Number(adjust), image: imageDataUrl(file) }, gallery };
      }
      if (argv[2] === 'remove') {
        const id = galleryId(argv[3], 'template id');
        return { cmd, api, method: 'POST', path: `${GALLERY}/poster-templates/${id}/remove`, gallery };
      }
      if (argv[2] !== undefined && !argv[2].startsWith('--')) throw new Error(`unknown posters command "${argv[2]}": use add or remove (--help)`);
      return { cmd, api, method: 'GET', path: `${GALLERY}/poster-templates`, gallery };
    }
    default:
      throw new Error(`unknown command "${String(cmd)}"`);
  }
}

/** A JPEG or PNG file as a base64 data URL (its kind read from its first bytes). */
function imageDataUrl(file: string): string {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (e) {
    throw new Error(`${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const kind = bytes[0] === 0xff && bytes[1] === 0xd8 ? 'jpeg' : bytes.subarray(0, 4).toString('latin1') === '\x89PNG' ? 'png' : null;
  if (!kind) throw new Error(`${file}: not a JPEG or PNG file`);
  return `data:image/${kind};base64,${bytes.toString('base64')}`;
}

const templateLine = (x: PosterTemplate) => `  ${String(x.id).padEnd(6)} ${x.adjust === 1 ? 'landscape' : 'portrait '} ${x.id >= 1000 ? 'custom  ' : 'built-in'} ${x.src}`;

const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

function goodsLines(g: OrganizerGoods): string[] {
  if (!g.goods.length) return [`Gallery ${g.gallery_id} has no goods: add one with \`npm run gallery -- goods ${g.gallery_id} add --name … --price …\`.`];
  return [
    `Gallery ${g.gallery_id}: ${g.is_pay_down ? `photos paid with good ${g.is_pay_down}` : 'photos free (no pay-down good)'}`,
    ...g.goods.map((x) => `  ${x.id}  ${x.kind.padEnd(16)} ${yuan(x.price).padStart(10)}  ${x.name}${x.id === g.is_pay_down ? '  (pay-down)' : ''}${x.withdrawn_at ? '  (withdrawn)' : ''}`)
  ];
}

const gateLine = (g: OrganizerGate) =>
  `  ${g.kind.padEnd(9)} ${g.access_type}${g.access_type === 'password' ? (g.has_password ? ' (set)' : '') : ''}${g.access_type === 'phone' ? ` (${g.whitelist.length ? `${g.whitelist.length} phones` : 'any phone'})` : ''}${g.gallery_id ? ` gallery ${g.gallery_id}` : ''}`;

/** Run one command; a refused page prints every problem with its path and exits 1. */
export async function runConfigureCommand(c: ConfigureCommand, print: (line: string) => void = console.log): Promise<number> {
  const api = new Api(c.api);
  let data: unknown;
  try {
    const resolve = (ref: string) => (/^\d+$/.test(ref) ? Promise.resolve(Number(ref)) : api.galleryIdByLink(ref));
    const id = c.gallery === undefined ? null : await resolve(c.gallery);
    let body = c.body;
    if (c.galleries) {
      const ids: number[] = [];
      for (const ref of c.galleries) ids.push(await resolve(ref));
      body = { ...(body as object), gallery_ids: ids };
    }
    data = await api.request<unknown>(c.method, c.path.replace('{gallery}', String(id)), body);
  } catch (e) {
    const errors = (e as ApiError).data && ((e as ApiError).data as { errors?: Array<{ path: string; message: string }> }).errors;
    if (e instanceof ApiError && Array.isArray(errors)) {
      print(`The page was not saved: ${errors.length} problem${errors.length === 1 ? '' : 's'}`);
      for (const x of errors) print(`  ${x.path}: ${x.message}`);
      return 1;
    }
    throw e;
  }
  switch (c.cmd) {
    case 'page':
    case 'config':
    case 'watermark': {
      const g = (data as { gallery: { id: number; name: string; link_id: string }; url: string }).gallery;
      print(`Gallery ${g.id} (${g.name}) ${c.cmd === 'page' ? 'page saved' : c.cmd === 'config' ? 'config saved' : 'watermark saved'}: ${(data as { url: string }).url}`);
      if (c.cmd === 'config') print(JSON.stringify((data as { gallery: { config: unknown } }).gallery.config));
      return 0;
    }
    case 'goods':
      if ((data as PayGoods).price !== undefined && !(data as OrganizerGoods).goods) {
        const x = data as PayGoods & { withdrawn_at?: number | null };
        print(`Good ${x.id}: ${x.name}, ${yuan(x.price)} (${x.price} cents)${x.withdrawn_at ? ', withdrawn' : x.withdrawn_at === null ? ', on offer' : ''}`);
      } else goodsLines(data as OrganizerGoods).forEach((l) => print(l));
      return 0;
    case 'group':
    case 'groups':
      for (const g of c.cmd === 'group' ? [data as OrganizerGroup] : (data as OrganizerGroup[])) {
        print(`Group ${g.id} (${g.name}): galleries ${g.gallery_ids.join(', ')}  ${g.url}`);
      }
      if (c.cmd === 'groups' && !(data as OrganizerGroup[]).length) print('No groups yet: npm run gallery -- group create --name "…" <id> …');
      return 0;
    case 'gate':
      print(`Gate saved:${gateLine(data as OrganizerGate)}`);
      return 0;
    case 'posters':
      if (Array.isArray(data)) {
        print('Poster templates:');
        (data as PosterTemplate[]).forEach((x) => print(templateLine(x)));
      } else if ((data as { removed?: boolean }).removed !== undefined) print((data as { removed: boolean }).removed ? 'Template removed' : 'No such custom template');
      else print(`Template added:${templateLine(data as PosterTemplate)}`);
      return 0;
    case 'gates': {
      const g = data as OrganizerGates;
      print('Own gates:');
      g.gates.forEach((x) => print(gateLine({ ...x, gallery_id: 0 })));
      if (g.inherited.length) {
        print('Inherited page gates:');
        g.inherited.forEach((x) => print(gateLine(x)));
      }
      return 0;
    }
  }
}
