/**
 * Upload a folder of photos to a gallery through the signed flow
 * (imagesign → multipart POST to the signed host → images/upload), without a
 * terminal: upload.ts presents the results. Each file is read once, sniffed
 * (JPEG or PNG), hashed (SHA-256) and skipped when its hash is in the folder's
 * state file, so nothing is uploaded twice across restarts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ApiError, type Api, type UploadSignature } from './api';

export const STATE_FILE = '.livegallery-uploaded.json';
const IMAGE_NAME_RE = /\.(jpe?g|png)$/i;
const DEFAULT_RETRY_DELAYS_MS = [500, 1000, 2000];
/** Reuse a signature until this many seconds before it expires. */
const SIGNATURE_MARGIN_S = 30;

export type Outcome = 'uploaded' | 'already' | 'skipped' | 'failed';
export interface FileResult {
  file: string;
  outcome: Outcome;
  photoId?: number;
  /** Why a file was skipped or failed. */
  reason?: string;
  /** Bytes sent, for uploaded files. */
  size?: number;
}
export interface Summary {
  uploaded: number;
  /** Every skipped file, including the `already` ones. */
  skipped: number;
  already: number;
  failed: number;
}

interface ImageKind {
  mime: 'image/jpeg' | 'image/png';
  ext: '.jpg' | '.png';
}

/** JPEG or PNG by magic bytes; null for anything else. */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return { mime: 'image/jpeg', ext: '.jpg' };
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', ext: '.png' };
  }
  return null;
}

/** A name the uploader looks at: *.jpg, *.jpeg, *.png (any case), not a dotfile. */
export function isCandidate(name: string): boolean {
  return !name.startsWith('.') && IMAGE_NAME_RE.test(name);
}

export interface StateEntry {
  file: string;
  photoId: number;
  at: string;
}

/** The uploaded hashes of a folder: content SHA-256 → {file, photoId, at}, rewritten atomically after each success. */
export class UploadState {
  private entries: Record<string, StateEntry> = {};
  private seq = 0;

  constructor(readonly file: string) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw new Error(`cannot read the state file ${file}: ${(e as Error).message}`);
    }
    try {
      const parsed = JSON.parse(text) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      this.entries = parsed as Record<string, StateEntry>;
    } catch {
      throw new Error(`the state file ${file} is not valid JSON: fix or delete it (the server still refuses duplicates)`);
    }
  }

  get(hash: string): StateEntry | undefined {
    return Object.prototype.hasOwnProperty.call(this.entries, hash) ? this.entries[hash] : undefined;
  }

  get size(): number {
    return Object.keys(this.entries).length;
  }

  record(hash: string, entry: StateEntry): void {
    this.entries[hash] = entry;
    const tmp = `${this.file}.${process.pid}.${this.seq++}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.entries, null, 1));
    fs.renameSync(tmp, this.file);
  }
}

/** The signed host refused an expired policy: a fresh signature may help once. */
class ExpiredSignature extends ApiError {}

export interface UploaderOptions {
  api: Api;
  galleryId: number;
  linkId: string;
  folder: string;
  /** State file; `.livegallery-uploaded.json` in the folder by default. */
  statePath?: string;
  /** Files in flight at once (default 3). */
  concurrency?: number;
  /** Waits before the retries of a network error or 5xx (default 0.5 s, 1 s, 2 s). */
  retryDelaysMs?: number[];
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class Uploader {
  readonly folder: string;
  readonly state: UploadState;
  readonly summary: Summary = { uploaded: 0, skipped: 0, already: 0, failed: 0 };
  private readonly api: Api;
  private readonly concurrency: number;
  private readonly delays: number[];
  private sig: UploadSignature | null = null;
  private sigPending: Promise<UploadSignature> | null = null;
  private readonly inflight = new Map<string, Promise<FileResult>>();
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly opts: UploaderOptions) {
    this.api = opts.api;
    this.folder = path.resolve(opts.folder);
    this.state = new UploadState(path.resolve(opts.statePath ?? path.join(this.folder, STATE_FILE)));
    this.concurrency = Math.max(1, opts.concurrency ?? 3);
    this.delays = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  /** The candidate files directly in the folder, by name. */
  listFiles(): string[] {
    const stateName = path.dirname(this.state.file) === this.folder ? path.basename(this.state.file) : null;
    return fs
      .readdirSync(this.folder, { withFileTypes: true })
      .filter((d) => (d.isFile() || d.isSymbolicLink()) && isCandidate(d.name) && d.name !== stateName)
      .map((d) => d.name)
      .sort();
  }

  /** Upload every file (at most `concurrency` at once); onResult sees each result as it comes. */
  async uploadAll(names: string[], onResult?: (r: FileResult) => void): Promise<Summary> {
    await Promise.all(names.map((n) => this.uploadFile(n).then((r) => onResult?.(r))));
    return { ...this.summary };
  }

  /** One file; never throws for a bad file or a failed upload, only when the token is refused. */
  async uploadFile(name: string): Promise<FileResult> {
    await this.acquire();
    try {
      const r = await this.process(name);
      if (r.outcome === 'already') this.summary.already++;
      this.summary[r.outcome === 'already' ? 'skipped' : r.outcome]++;
      return r;
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  private async process(file: string): Promise<FileResult> {
    let buf: Buffer;
    try {
      buf = await fs.promises.readFile(path.join(this.folder, file));
    } catch (e) {
      return { file, outcome: 'skipped', reason: `unreadable: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
    }
    const kind = sniffImage(buf);
    if (!kind) return { file, outcome: 'skipped', reason: 'not an image' };
    const hash = crypto.createHash('sha256').update(buf).digest('hex');
    const done = this.state.get(hash);
    if (done) return { file, outcome: 'already', photoId: done.photoId };
    const pending = this.inflight.get(hash);
    if (pending) {
      const r = await pending;
      return r.outcome === 'uploaded' ? { file, outcome: 'already', photoId: r.photoId } : { ...r, file };
    }
    const p = this.send(file, buf, hash, kind);
    this.inflight.set(hash, p);
    try {
      return await p;
    } finally {
      this.inflight.delete(hash);
    }
  }

  private async send(file: string, buf: Buffer, hash: string, kind: ImageKind): Promise<FileResult> {
    try {
      const key = await this.putObject(file, buf, hash, kind);
      const { galleryId: gallery_id, linkId: link_id } = this.opts;
      const reg = await this.retry(() => this.api.registerPhoto({ gallery_id, hash: key, keywords: '', tags: [], link_id, origin: file }));
      this.state.record(hash, { file, photoId: reg.id, at: new Date().toISOString() });
      return { file, outcome: 'uploaded', photoId: reg.id, size: buf.length };
    } catch (e) {
      if (e instanceof ApiError && e.fatal) throw e;
      return { file, outcome: 'failed', reason: (e as Error).message };
    }
  }

  /** Store the bytes on the signed host; a policy refused as expired is re-signed and tried once more. */
  private async putObject(file: string, buf: Buffer, hash: string, kind: ImageKind): Promise<string> {
    for (let resigned = false; ; resigned = true) {
      const sig = await this.signature();
      const key = `${sig.dir}${hash}${kind.ext}`;
      try {
        await this.retry(() => this.postToHost(sig, key, file, buf, kind));
        return key;
      } catch (e) {
        if (!(e instanceof ExpiredSignature) || resigned) throw e;
        if (this.sig === sig) this.sig = null;
      }
    }
  }

  private async postToHost(sig: UploadSignature, key: string, file: string, buf: Buffer, kind: ImageKind): Promise<void> {
    // Field order matters: OSS reads the policy fields before the file, which comes last.
    const form = new FormData();
    form.append('key', key);
    form.append('policy', sig.policy);
    form.append('OSSAccessKeyId', sig.accessid);
    form.append('success_action_status', '200');
    form.append('signature', sig.signature);
    form.append('file', new Blob([new Uint8Array(buf.buffer, buf.byteOffset, buf.length)], { type: kind.mime }), file);
    const url = this.api.hostUrl(sig.host);
    let res: Response;
    try {
      res = await this.api.fetch(url, { method: 'POST', body: form });
    } catch (e) {
      const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message;
      throw new ApiError(`upload host ${new URL(url).host} unreachable (${cause})`, 0, true);
    }
    const text = await res.text().catch(() => '');
    if (res.ok) return;
    const msg = hostMessage(text);
    if (res.status >= 500) throw new ApiError(`upload host error ${res.status}${msg ? `: ${msg}` : ''}`, res.status, true);
    if (res.status === 403 && /expire/i.test(text)) throw new ExpiredSignature(`upload policy expired: ${msg}`, 403);
    throw new ApiError(`upload refused (HTTP ${res.status})${msg ? `: ${msg}` : ''}`, res.status);
  }

  /** The cached signature, fetched again 30 s before it expires (one fetch shared by concurrent files). */
  private signature(): Promise<UploadSignature> {
    if (this.sig && this.sig.expire - SIGNATURE_MARGIN_S > Date.now() / 1000) return Promise.resolve(this.sig);
    if (!this.sigPending) {
      this.sigPending = this.retry(() => this.api.signature(this.opts.galleryId))
        .then((s) => (this.sig = s))
        .finally(() => (this.sigPending = null));
    }
    return this.sigPending;
  }

  /** Call fn; on a retryable failure (network, 5xx) wait 0.5 s, 1 s, 2 s between tries. */
  private async retry<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn();
      } catch (e) {
        if (!(e instanceof ApiError) || !e.retryable || attempt >= this.delays.length) throw e;
        await sleep(this.delays[attempt]);
      }
    }
  }
}

/** The readable part of a host's error body: an envelope msg, an OSS <Message>, or the start of the text. */
function hostMessage(text: string): string {
  try {
    const j = JSON.parse(text) as { msg?: unknown };
    if (typeof j?.msg === 'string') return j.msg;
  } catch {
    /* not JSON */
  }
  const m = /<Message>([^<]*)<\/Message>/.exec(text);
  return (m ? m[1] : text).trim().slice(0, 200);
}
