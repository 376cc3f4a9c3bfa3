/**
 * How far a gallery's indexing has got, through the organiser API (indexingCalls.organizer,
 * types/api/indexing.ts):
 *   npm run gallery -- indexing <gallery id|link> [--follow] [--every <seconds>]
 * Prints faces and bibs as done of total, failures and the time left; --follow asks again every
 * few seconds, printing a line when the numbers move, until the gallery is complete.
 */
import { LINK_ID_RE } from '../../../types/routes';
import { pathOf } from '../../../types/api/contract';
import { indexingCalls, type IndexKindProgress, type OrganizerIndexing } from '../../../types/api/indexing';
import { Api, apiOptionsFrom, argValue, type ApiOptions } from './api';

export const INDEXING_USAGE = `  npm run gallery -- indexing <gallery id|link> [--follow] [--every <seconds>]
                           how far face and bib indexing has got; --follow waits until it is complete`;

export interface IndexingCommand {
  cmd: 'indexing';
  api: ApiOptions;
  gallery: string;
  follow: boolean;
  everyS: number;
}

export function parseIndexingArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): IndexingCommand {
  const gallery = argv[1];
  if (!gallery || !(/^\d{1,10}$/.test(gallery) || LINK_ID_RE.test(gallery))) throw new Error(`indexing: a gallery id or link is needed, got ${gallery ? `"${gallery}"` : 'nothing'}`);
  const every = argValue(argv, '--every') ?? '5';
  if (!/^\d{1,4}$/.test(every) || Number(every) < 1) throw new Error('--every must be a whole number of seconds from 1');
  return { cmd: 'indexing', api: apiOptionsFrom(argv, env), gallery, follow: argv.includes('--follow'), everyS: Number(every) };
}

function duration(s: number): string {
  if (s < 90) return `${s} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}

function kind(name: string, k: IndexKindProgress | null): string {
  if (!k) return `${name}: off`;
  const pct = k.total ? Math.floor((k.done / k.total) * 100) : 100;
  let s = `${name}: ${k.done} of ${k.total} photos (${pct}%)`;
  if (k.failed) s += `, ${k.failed} failed`;
  if (k.complete) return `${s}, complete`;
  if (k.per_minute !== null) s += `, ${k.per_minute}/min`;
  if (k.eta_s !== null) s += `, about ${duration(k.eta_s)} left`;
  return s;
}

/** The progress as one line: "faces: 123 of 456 photos (26%), 40/min, about 8 min left; bibs: off". */
export function indexingLine(p: OrganizerIndexing): string {
  const line = `${kind('faces', p.faces)}; ${kind('bibs', p.bibs)}`;
  return p.complete ? `${line} — indexing complete` : line;
}

export async function runIndexingCommand(
  c: IndexingCommand,
  print: (line: string) => void = console.log,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms))
): Promise<number> {
  const api = new Api(c.api);
  const id = /^\d+$/.test(c.gallery) ? Number(c.gallery) : await api.galleryIdByLink(c.gallery);
  const path = pathOf(indexingCalls.organizer, { id });
  let last = '';
  for (;;) {
    const p = await api.request<OrganizerIndexing>('GET', path);
    const line = indexingLine(p);
    // Following: a line when the counts move (the rate and time left alone do not repeat it).
    const key = `${p.faces?.done}/${p.faces?.total} ${p.bibs?.done}/${p.bibs?.total} ${p.complete}`;
    if (key !== last) print(line);
    last = key;
    if (!c.follow || p.complete) return 0;
    await sleep(c.everyS * 1000);
  }
}
