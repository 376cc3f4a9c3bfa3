/**
 * Upload a folder of photos to a gallery, or keep watching it.
 *   npm run upload -- --gallery <link_id> <folder> [--watch] [--concurrency 3] [--state <file>]
 * Server: --server or SERVER_URL (default http://localhost:$PORT, PORT 8080); token: --token or ORGANIZER_TOKEN.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SingleBar } from 'cli-progress';
import { LINK_ID_RE } from '../../../types/routes';
import { Api, apiOptionsFrom, argValue, runHttpCli, type ApiOptions } from './api';
import { STATE_FILE, Uploader, type FileResult, type Summary } from './uploader';
import { watchFolder } from './upload-watch';

export const UPLOAD_USAGE = `Usage:
  npm run upload -- --gallery <link_id> <folder> [--watch] [--concurrency 3] [--state <file>]
Uploads every *.jpg, *.jpeg and *.png directly in <folder> (JPEG and PNG by content); a file already
uploaded (recorded by content hash in <folder>/${STATE_FILE}, or --state) is skipped.
--watch keeps running and uploads each new file once it stops growing (Ctrl+C to stop).
Options: --server <url> (or SERVER_URL, default http://localhost:$PORT)
         --token <token> (or ORGANIZER_TOKEN, the value the server was started with)`;

export interface UploadArgs {
  api: ApiOptions;
  link: string;
  folder: string;
  watch: boolean;
  concurrency: number;
  state?: string;
}

const VALUE_OPTIONS = new Set(['--gallery', '--concurrency', '--state', '--server', '--token']);

export function parseUploadArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): UploadArgs {
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (VALUE_OPTIONS.has(a)) i++;
    else if (a === '--watch') continue;
    else if (a.startsWith('--')) throw new Error(`unknown option ${a} (--help)`);
    else positional.push(a);
  }
  const link = argValue(argv, '--gallery');
  if (!link) throw new Error('--gallery <link_id> is required');
  if (!LINK_ID_RE.test(link)) throw new Error('--gallery must be a link id: 6 to 9 letters or digits');
  if (positional.length !== 1) throw new Error(positional.length ? `one folder expected, got ${positional.join(' ')}` : 'the folder to upload is required');
  const folder = path.resolve(positional[0]);
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new Error(`not a folder: ${positional[0]}`);
  const c = argValue(argv, '--concurrency') ?? '3';
  if (!/^\d{1,2}$/.test(c) || Number(c) < 1 || Number(c) > 16) throw new Error('--concurrency must be between 1 and 16');
  const state = argValue(argv, '--state');
  return { api: apiOptionsFrom(argv, env), link, folder, watch: argv.includes('--watch'), concurrency: Number(c), state: state && path.resolve(state) };
}

/** One line per file, as printed without a terminal and in watch mode. */
export function formatResult(r: FileResult): string {
  switch (r.outcome) {
    case 'uploaded':
      return `✓ ${r.file} (id ${r.photoId})`;
    case 'already':
      return `already uploaded: ${r.file}${r.photoId ? ` (id ${r.photoId})` : ''}`;
    case 'skipped':
      return `skipped (${r.reason}): ${r.file}`;
    default:
      return `✗ ${r.file}: ${r.reason}`;
  }
}

export function formatSummary(s: Summary): string {
  return `uploaded ${s.uploaded}, skipped ${s.skipped}, failed ${s.failed}`;
}

export interface UploadIo {
  print(line: string): void;
  /** A progress bar instead of one line per file. */
  tty: boolean;
  /** Watch mode runs until this resolves (default: SIGINT or SIGTERM). */
  stop?: Promise<void>;
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

async function uploadOnce(uploader: Uploader, io: UploadIo): Promise<Summary> {
  const files = uploader.listFiles();
  if (!io.tty) return uploader.uploadAll(files, (r) => io.print(formatResult(r)));
  const bar = new SingleBar({
    format: '{bar} uploaded {uploaded}/{total}, failed {failed}, {file}',
    hideCursor: true,
    clearOnComplete: false
  });
  const notes: string[] = [];
  let done = 0;
  bar.start(files.length, 0, { uploaded: 0, failed: 0, file: '' });
  const summary = await uploader.uploadAll(files, (r) => {
    if (r.outcome !== 'uploaded') notes.push(formatResult(r));
    bar.update(++done, { uploaded: uploader.summary.uploaded, failed: uploader.summary.failed, file: r.file });
  });
  bar.stop();
  notes.forEach((n) => io.print(n));
  return summary;
}

/** The whole command; resolves to the exit code (1 when a file failed). */
export async function runUpload(a: UploadArgs, io: UploadIo = { print: (l) => console.log(l), tty: !!process.stdout.isTTY }): Promise<number> {
  const api = new Api(a.api);
  const galleryId = await api.galleryIdByLink(a.link);
  const uploader = new Uploader({ api, galleryId, linkId: a.link, folder: a.folder, statePath: a.state, concurrency: a.concurrency });
  if (!a.watch) {
    const summary = await uploadOnce(uploader, io);
    io.print(formatSummary(summary));
    return summary.failed > 0 ? 1 : 0;
  }
  let fatal: Error | null = null;
  let stopNow: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stopNow = resolve));
  const w = watchFolder(uploader, (r) => io.print(formatResult(r)), (e) => {
    fatal = e;
    stopNow();
  });
  await w.ready;
  io.print(`Watching ${a.folder} for gallery ${a.link} (Ctrl+C to stop)…`);
  await Promise.race([stopped, io.stop ?? untilSignal()]);
  await w.close();
  io.print(formatSummary(uploader.summary));
  if (fatal) throw fatal;
  return uploader.summary.failed > 0 ? 1 : 0;
}

if (require.main === module) {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(UPLOAD_USAGE);
    process.exit(0);
  }
  runHttpCli((argv) => parseUploadArgs(argv), (a) => runUpload(a));
}
