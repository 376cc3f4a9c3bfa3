/**
 * Form submissions through the organiser API (issue 14 Deliver 6):
 *   npm run gallery -- submissions <gallery id or link> [--form <form id>] [--page N]
 *   npm run gallery -- submissions <gallery id or link> --csv [file] [--form <form id>]
 */
import fs from 'node:fs';
import { LINK_ID_RE } from '../../../types/routes';
import type { SubmissionList } from '../../../types/api/form';
import { Api, apiOptionsFrom, argValue, type ApiOptions } from './api';

export const FORMS_USAGE = `  npm run gallery -- submissions <gallery id|link> [--form <form id>] [--page N]      form submissions, newest first
  npm run gallery -- submissions <gallery id|link> --csv [file.csv] [--form <form id>]  the same as CSV (stdout without a file)`;

export interface SubmissionsCommand {
  cmd: 'submissions';
  api: ApiOptions;
  gallery: string;
  form?: string;
  page: number;
  /** CSV: null for stdout, else a file; undefined: the table. */
  csv?: string | null;
}

export function parseSubmissionsArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): SubmissionsCommand {
  const gallery = argv[1];
  if (!gallery || !(/^\d{1,10}$/.test(gallery) || LINK_ID_RE.test(gallery))) throw new Error(`a gallery id or link is needed, got ${gallery ? `"${gallery}"` : 'nothing'}`);
  const form = argValue(argv, '--form');
  if (form !== undefined && !/^[^\s]{1,64}$/.test(form)) throw new Error('--form must be a form component id (1 to 64 characters)');
  const pageArg = argValue(argv, '--page') ?? '1';
  if (!/^\d{1,6}$/.test(pageArg) || Number(pageArg) < 1) throw new Error('--page must be a whole number from 1');
  const c: SubmissionsCommand = { cmd: 'submissions', api: apiOptionsFrom(argv, env), gallery, form, page: Number(pageArg) };
  const at = argv.indexOf('--csv');
  if (at >= 0) {
    const next = argv[at + 1];
    c.csv = next && !next.startsWith('--') ? next : null;
  }
  return c;
}

export async function runSubmissionsCommand(c: SubmissionsCommand, print: (line: string) => void = console.log): Promise<number> {
  const api = new Api(c.api);
  const id = /^\d+$/.test(c.gallery) ? Number(c.gallery) : await api.galleryIdByLink(c.gallery);
  const base = `/api/v2/organizer/galleries/${id}/forms/submissions`;
  const form = c.form ? `form=${encodeURIComponent(c.form)}` : '';
  if (c.csv !== undefined) {
    const csv = await api.getText(`${base}.csv${form ? `?${form}` : ''}`);
    if (c.csv === null) process.stdout.write(csv);
    else {
      fs.writeFileSync(c.csv, csv);
      print(`Wrote ${csv.trim().split('\r\n').length - 1} submissions to ${c.csv}`);
    }
    return 0;
  }
  const list = await api.request<SubmissionList>('GET', `${base}?${[form, `page=${c.page}`].filter(Boolean).join('&')}`);
  if (!list.items.length) {
    print(c.page > 1 ? `No submissions on page ${c.page} (${list.total} in all).` : 'No submissions yet.');
    return 0;
  }
  for (const s of list.items) {
    print(`#${s.id}  ${new Date(s.updated_at * 1000).toISOString()}  form ${s.form_id}  user ${s.user_id ?? '-'}${s.nickname ? ` (${s.nickname})` : ''}`);
    for (const f of s.fields) print(`    ${f.field}: ${Array.isArray(f.value) ? f.value.join(', ') : f.value}`);
  }
  print(`${list.items.length} of ${list.total} (page ${list.page}, ${list.page_size} a page)`);
  return 0;
}
