/**
 * The server log's account of indexing (issue 27): every LOG_EVERY_MS, a line per gallery with
 * queued face or OCR jobs ("indexing gallery 12: faces 123 of 456 (27%), ~4 min left; bibs …"),
 * and one line when a gallery it reported has nothing queued any more and is complete. Started by
 * buildApp in processes that index; it reads the queues (IndexingProgress), it writes nothing.
 */
import type { Db } from '../../db';
import type { IndexKindProgress } from '../../../../types/api/indexing';
import type { IndexingProgress, ProgressRead } from './progress';
import { startPeriodic } from '../shared/periodic';

export const LOG_EVERY_MS = 30_000;

function kindLine(name: string, k: IndexKindProgress | null): string | null {
  if (!k) return null;
  const pct = k.total ? Math.floor((k.done / k.total) * 100) : 100;
  let s = `${name} ${k.done} of ${k.total} (${pct}%)`;
  if (k.failed) s += `, ${k.failed} failed`;
  if (k.eta_s !== null) s += `, ~${k.eta_s < 90 ? `${k.eta_s} s` : `${Math.round(k.eta_s / 60)} min`} left`;
  return s;
}

/** A gallery's progress as one log line. */
export function progressLine(p: ProgressRead): string {
  const parts = [kindLine('faces', p.faces), kindLine('bibs', p.bibs)].filter((x): x is string => !!x);
  return p.complete ? `indexing gallery ${p.galleryId} complete: ${parts.join('; ')}` : `indexing gallery ${p.galleryId}: ${parts.join('; ')}`;
}

export class IndexingLog {
  /** Galleries reported as indexing, not yet as complete. */
  private active = new Set<number>();

  constructor(
    private db: Db,
    private progress: IndexingProgress,
    private log: (line: string) => void
  ) {}

  /** One round: a line for each gallery indexing now, one for each that finished since the last round. */
  async tick(): Promise<void> {
    const { rows } = await this.db.query<{ gallery_id: number }>(
      `SELECT gallery_id FROM face_jobs WHERE state = 'queued' UNION SELECT gallery_id FROM ocr_jobs WHERE state = 'queued' ORDER BY 1`
    );
    const queued = new Set(rows.map((r) => r.gallery_id));
    for (const id of [...new Set([...this.active, ...queued])]) {
      const p = await this.progress.read(id);
      if (!p || !(p.faces || p.bibs)) {
        this.active.delete(id);
        continue;
      }
      if (queued.has(id) && !p.complete) {
        this.log(progressLine(p));
        this.active.add(id);
      } else if (p.complete) {
        // Once: a gallery already complete at the first round was never active, so it says nothing.
        if (this.active.delete(id)) this.log(progressLine(p));
      }
    }
  }

  /** Runs tick() every `ms` (one round at a time) until the answered stop is called. */
  start(ms = LOG_EVERY_MS, warn: (msg: string, err?: unknown) => void = () => undefined): () => Promise<void> {
    return startPeriodic(() => this.tick(), { everyMs: ms, onError: (err) => warn('indexing progress log failed', err) });
  }
}
