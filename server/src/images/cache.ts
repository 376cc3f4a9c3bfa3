import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** Cache key parts: what makes two renders of one image different. */
export interface RenderKey {
  hash: string;
  style: string;
  ext: 'webp' | 'jpg';
  /** Watermark fingerprint, or '' when the render carries none. */
  mark: string;
}

const HASH_RE = /^[0-9a-f]{64}$/;
/** Hashes asked about at once when the cache is swept. */
const KEEP_BATCH = 1000;

export function cacheKey(k: RenderKey): string {
  return `${k.hash}.${k.style}.${k.mark || 'plain'}.${k.ext}`;
}

/**
 * Rendered images on disk under `{dataDir}/cache/{hash[0..2]}/`. Files appear
 * whole (written to a temporary name, then renamed); concurrent requests for
 * the same key share one render.
 */
export class RenderCache {
  private inflight = new Map<string, Promise<Buffer>>();
  /** Recently served renders, least recently used first (Map order). */
  private memory = new Map<string, Buffer>();
  private memoryBytes = 0;
  private writing = new Set<Promise<void>>();
  readonly stats = { hits: 0, memoryHits: 0, renders: 0, shared: 0 };

  /** `memoryLimit`: bytes of hot renders kept in memory in front of the disk. */
  constructor(readonly dir: string, private memoryLimit = 64 * 1024 * 1024) {}

  private remember(key: string, body: Buffer): void {
    if (body.length > this.memoryLimit / 8) return;
    const old = this.memory.get(key);
    if (old) {
      this.memory.delete(key);
      this.memoryBytes -= old.length;
    }
    this.memory.set(key, body);
    this.memoryBytes += body.length;
    for (const [k, v] of this.memory) {
      if (this.memoryBytes <= this.memoryLimit) break;
      this.memory.delete(k);
      this.memoryBytes -= v.length;
    }
  }

  file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), key);
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.file(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async write(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      await fsp.writeFile(tmp, body);
      await fsp.rename(tmp, file);
    } catch (e) {
      await fsp.rm(tmp, { force: true }).catch(() => undefined);
      throw e;
    }
  }

  /** The cached bytes, or render them once (however many callers wait) and keep them. */
  async get(key: string, render: () => Promise<Buffer>): Promise<{ body: Buffer; hit: boolean }> {
    const hot = this.memory.get(key);
    if (hot) {
      this.stats.memoryHits++;
      this.remember(key, hot);
      return { body: hot, hit: true };
    }
    const pending = this.inflight.get(key);
    if (pending) {
      this.stats.shared++;
      return { body: await pending, hit: false };
    }
    const cached = await this.read(key);
    if (cached) {
      this.stats.hits++;
      this.remember(key, cached);
      return { body: cached, hit: true };
    }
    // Another request may have started while we looked on disk.
    const again = this.inflight.get(key);
    if (again) {
      this.stats.shared++;
      return { body: await again, hit: false };
    }
    const job = (async () => {
      this.stats.renders++;
      const body = await render();
      this.remember(key, body);
      // Written in the background: the response does not wait for the disk, and a
      // failed write only costs a later request (after a restart) a render.
      const w = this.write(key, body).catch(() => undefined);
      this.writing.add(w);
      void w.finally(() => this.writing.delete(w));
      return body;
    })();
    this.inflight.set(key, job);
    try {
      return { body: await job, hit: false };
    } finally {
      this.inflight.delete(key);
    }
  }

  /** Wait for the background writes started so far. */
  async flush(): Promise<void> {
    await Promise.all([...this.writing]);
  }

  /**
   * Every render of `hash` goes, from memory and from disk, once the renders and
   * writes of it in progress have finished (so none lands after the purge).
   */
  async purge(hash: string): Promise<void> {
    if (!HASH_RE.test(hash)) return;
    const prefix = `${hash}.`;
    const pending = [...this.inflight].filter(([k]) => k.startsWith(prefix)).map(([, job]) => job.catch(() => undefined));
    await Promise.all(pending);
    await this.flush();
    this.forgetMemory(prefix);
    const dir = path.join(this.dir, hash.slice(0, 2));
    const names = await fsp.readdir(dir).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.startsWith(prefix)).map((n) => fsp.rm(path.join(dir, n), { force: true })));
  }

  /**
   * Removes the renders on disk (and in memory) of every hash `keep` does not keep,
   * and unfinished writes (`*.tmp`) left by a crash. `keep` is asked one cache folder
   * at a time, at most KEEP_BATCH hashes per call. Answers how many files went.
   */
  async sweep(keep: (hashes: string[]) => Promise<Set<string>>): Promise<number> {
    let removed = 0;
    const folders = await fsp.readdir(this.dir).catch(() => [] as string[]);
    for (const folder of folders) {
      const dir = path.join(this.dir, folder);
      const names = await fsp.readdir(dir).catch(() => [] as string[]);
      const byHash = new Map<string, string[]>();
      for (const name of names) {
        const dot = name.indexOf('.');
        const hash = dot < 0 ? name : name.slice(0, dot);
        if (!byHash.has(hash)) byHash.set(hash, []);
        byHash.get(hash)!.push(name);
      }
      const hashes = [...byHash.keys()];
      for (let i = 0; i < hashes.length; i += KEEP_BATCH) {
        const batch = hashes.slice(i, i + KEEP_BATCH);
        const kept = await keep(batch.filter((h) => HASH_RE.test(h)));
        for (const hash of batch) {
          const gone = kept.has(hash) ? byHash.get(hash)!.filter((n) => n.endsWith('.tmp')) : byHash.get(hash)!;
          if (!kept.has(hash)) this.forgetMemory(`${hash}.`);
          for (const name of gone) {
            await fsp.rm(path.join(dir, name), { force: true, recursive: true });
            removed++;
          }
        }
      }
    }
    return removed;
  }

  private forgetMemory(prefix: string): void {
    for (const [k, v] of this.memory) {
      if (!k.startsWith(prefix)) continue;
      this.memory.delete(k);
      this.memoryBytes -= v.length;
    }
  }

  /** Drop the in-memory copies (tests; memory pressure). */
  clearMemory(): void {
    this.memory.clear();
    this.memoryBytes = 0;
  }
}
