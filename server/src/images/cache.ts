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

  /** Drop the in-memory copies (tests; memory pressure). */
  clearMemory(): void {
    this.memory.clear();
    this.memoryBytes = 0;
  }
}
