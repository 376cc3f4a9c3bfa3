/**
 * Comment moderation through the organiser API (issue 15 Deliver 3; organiserCommentCalls):
 *   npm run gallery -- comments list <gallery id|link> [--status held|shown|rejected|all] [--page N]
 *   npm run gallery -- comments post <gallery id|link> --text "…" [--question] [--top] [--name "Host"]
 *   npm run gallery -- comments pin|unpin|delete|approve|reject <comment id>
 *   npm run gallery -- comments mute|unmute <gallery id|link> <openid>
 *   npm run gallery -- comments mutes <gallery id|link>
 *   npm run gallery -- comments block-all <gallery id|link> on|off
 *   npm run gallery -- comments gift <gallery id|link> --name "Rose" --image <url> --price 0.00 [--cooldown <seconds>]
 *   npm run gallery -- comments emotion <gallery id|link> --name "Cats" --images <url>,<url>
 */
import { LINK_ID_RE } from '../../../types/routes';
import type { Comment, Emotion, Gift } from '../../../types/api/comments';
import type { Muted, OrganizerComment, OrganizerCommentPage } from '../../../types/api/comments-organizer';
import { Api, apiOptionsFrom, argValue, type ApiOptions } from './api';
import { parsePrice } from './configure';

export const COMMENTS_USAGE = `  npm run gallery -- comments list <gallery id|link> [--status held|shown|rejected|all] [--page N]   the review queue by default
  npm run gallery -- comments post <gallery id|link> --text "…" [--question] [--top] [--name "Host"]
  npm run gallery -- comments pin|unpin|delete|approve|reject <comment id>
  npm run gallery -- comments mute|unmute <gallery id|link> <openid>
  npm run gallery -- comments mutes <gallery id|link>
  npm run gallery -- comments block-all <gallery id|link> on|off
  npm run gallery -- comments gift <gallery id|link> --name "Rose" --image <url> --price 0.00 [--cooldown <seconds>]
  npm run gallery -- comments emotion <gallery id|link> --name "Cats" --images <url>,<url>`;

const ACTIONS = ['list', 'post', 'pin', 'unpin', 'delete', 'approve', 'reject', 'mute', 'unmute', 'mutes', 'block-all', 'gift', 'emotion'] as const;
type Action = (typeof ACTIONS)[number];

export interface CommentsCommand {
  cmd: 'comments';
  api: ApiOptions;
  action: Action;
  /** The gallery (id or link) or the comment id, by action. */
  target: string;
  argv: string[];
}

function galleryArg(v: string | undefined): string {
  if (!v || !(/^\d{1,10}$/.test(v) || LINK_ID_RE.test(v))) throw new Error(`a gallery id or link is needed, got ${v ? `"${v}"` : 'nothing'}`);
  return v;
}

export function parseCommentsArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): CommentsCommand {
  const action = argv[1] as Action;
  if (!(ACTIONS as readonly string[]).includes(action)) throw new Error(`comments: unknown action ${action ? `"${action}"` : '(none)'}: use ${ACTIONS.join(', ')}`);
  let target: string;
  if (['pin', 'unpin', 'delete', 'approve', 'reject'].includes(action)) {
    target = argv[2];
    if (!target || !/^\d{1,10}$/.test(target)) throw new Error(`comments ${action}: a comment id is needed`);
  } else {
    target = galleryArg(argv[2]);
  }
  if ((action === 'mute' || action === 'unmute') && (!argv[3] || argv[3].startsWith('--'))) throw new Error(`comments ${action}: the visitor's openid is needed`);
  if (action === 'block-all' && argv[3] !== 'on' && argv[3] !== 'off') throw new Error('comments block-all: on or off is needed');
  if (action === 'post' && !argValue(argv, '--text')?.trim()) throw new Error('comments post: --text is required');
  return { cmd: 'comments', api: apiOptionsFrom(argv, env), action, target, argv };
}

const line = (c: Comment | OrganizerComment) =>
  `#${c.id}  ${c.status.padEnd(8)} ${c.type.padEnd(8)} ${c.istop ? '[top] ' : ''}${c.master ? '[organiser] ' : ''}${c.nickname || '-'}${c.openid ? ` (${c.openid})` : ''}: ${c.content}`;

export async function runCommentsCommand(c: CommentsCommand, print: (line: string) => void = console.log): Promise<number> {
  const api = new Api(c.api);
  const a = c.argv;
  const gallery = async () => (/^\d+$/.test(c.target) ? Number(c.target) : api.galleryIdByLink(c.target));
  switch (c.action) {
    case 'list': {
      const status = argValue(a, '--status') ?? 'held';
      const page = argValue(a, '--page') ?? '1';
      const list = await api.request<OrganizerCommentPage>('GET', `/api/v2/organizer/galleries/${await gallery()}/comments?status=${encodeURIComponent(status)}&page=${encodeURIComponent(page)}`);
      if (!list.items.length) print(status === 'held' ? 'No comments held for review.' : 'No comments.');
      for (const x of list.items) print(line(x) + (x.check_label ? `  [${x.check_label}]` : ''));
      if (list.items.length) print(`${list.items.length} of ${list.total} (page ${list.page}, ${list.page_size} a page)`);
      return 0;
    }
    case 'post': {
      const name = argValue(a, '--name');
      const body = { type: a.includes('--question') ? 'question' : 'text', content: argValue(a, '--text')!, ...(a.includes('--top') ? { top: 1 } : {}), ...(name ? { nickname: name } : {}) };
      print(`Posted ${line(await api.request<Comment>('POST', `/api/v2/organizer/galleries/${await gallery()}/comments`, body))}`);
      return 0;
    }
    case 'pin':
    case 'unpin':
      print(`${c.action === 'pin' ? 'Pinned' : 'Unpinned'} ${line(await api.request<OrganizerComment>('POST', `/api/v2/organizer/comments/${c.target}/pin`, { top: c.action === 'pin' ? 1 : 0 }))}`);
      return 0;
    case 'delete':
      await api.request('POST', `/api/v2/organizer/comments/${c.target}/delete`);
      print(`Deleted comment ${c.target}`);
      return 0;
    case 'approve':
    case 'reject':
      print(`${c.action === 'approve' ? 'Approved' : 'Rejected'} ${line(await api.request<OrganizerComment>('POST', `/api/v2/organizer/comments/${c.target}/review`, { action: c.action }))}`);
      return 0;
    case 'mute':
    case 'unmute': {
      const r = await api.request<{ openid: string; blocked: boolean }>('POST', `/api/v2/organizer/galleries/${await gallery()}/comments/mute`, { openid: a[3], muted: c.action === 'mute' ? 1 : 0 });
      print(`${r.openid} is ${r.blocked ? 'muted' : 'no longer muted'}`);
      return 0;
    }
    case 'mutes': {
      const list = await api.request<Muted[]>('GET', `/api/v2/organizer/galleries/${await gallery()}/comments/mutes`);
      if (!list.length) print('Nobody is muted.');
      for (const m of list) print(`${m.openid}  ${m.nickname || '-'}  since ${new Date(m.since * 1000).toISOString()}`);
      return 0;
    }
    case 'block-all': {
      const r = await api.request<{ block_all: number }>('POST', `/api/v2/organizer/galleries/${await gallery()}/comments/block_all`, { block_all: a[3] === 'on' ? 1 : 0 });
      print(r.block_all ? 'Comments are closed for everyone (block_all 1)' : 'Comments are open (block_all 0)');
      return 0;
    }
    case 'gift': {
      const cooldown = argValue(a, '--cooldown');
      if (cooldown !== undefined && !/^\d{1,5}$/.test(cooldown)) throw new Error('--cooldown must be whole seconds');
      const body = { name: argValue(a, '--name') ?? '', image: argValue(a, '--image') ?? '', price: parsePrice(argValue(a, '--price')), ...(cooldown ? { cooldown: Number(cooldown) } : {}) };
      const g = await api.request<Gift>('POST', `/api/v2/organizer/galleries/${await gallery()}/gifts`, body);
      print(`Gift ${g.id}: ${g.name}, ¥${(g.price / 100).toFixed(2)} (${g.price} cents), cooldown ${g.cooldown} s`);
      return 0;
    }
    case 'emotion': {
      const images = (argValue(a, '--images') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      const e = await api.request<Emotion>('POST', `/api/v2/organizer/galleries/${await gallery()}/emotions`, { name: argValue(a, '--name') ?? '', images });
      print(`Emotion ${e.id}: ${e.name}, ${e.images.length} images`);
      return 0;
    }
  }
}
