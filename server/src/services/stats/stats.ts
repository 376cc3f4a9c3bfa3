import type { Db, Queryable } from '../../db';
import { badRequest, unauthorized } from '../../errors';
import type { Viewer } from '../../viewer';
import type { SessionService } from '../session/session';
import type { GalleryService } from '../gallery/gallery';
import {
  IMAGE_VIEW,
  IMAGE_VIEWS_PER_MINUTE,
  PAGE_VIEWS_PER_MINUTE,
  validateStatBatch,
  type StatBatch,
  type StatBatchResult,
  type StatEvent
} from '../../../../types/api/stats';

const now = () => Math.floor(Date.now() / 1000);

interface Tally {
  views: number;
  imageviews: number;
}

/**
 * Page views, unique visitors and image views per gallery (gallery_stats).
 * A batch is counted once per (user, batch id), all in one transaction, and
 * each visitor adds at most PAGE_VIEWS_PER_MINUTE / IMAGE_VIEWS_PER_MINUTE per
 * gallery and minute however many batches they send.
 */
/** Batch ids are remembered this long (a replay within it counts nothing; later ones still meet the per-minute caps). */
export const STAT_BATCH_RETENTION_S = 24 * 3600;
/** Old batch ids are pruned at most this often per process. */
const PRUNE_EVERY_S = 600;

export class StatsService {
  private lastPrune = 0;

  constructor(
    private db: Db,
    private sessions: SessionService,
    private galleries: GalleryService
  ) {}

  /** Forget batch ids older than the retention; answers how many were removed. */
  async pruneBatches(at = now()): Promise<number> {
    this.lastPrune = at;
    const r = await this.db.query('DELETE FROM stat_batches WHERE created_at < $1', [at - STAT_BATCH_RETENTION_S]);
    return r.rowCount;
  }

  /**
   * A batch as it arrived (JSON, or text/plain JSON from a beacon, which carries its
   * token in the body): checked, counted for the session's user, the galleries' cached
   * rows dropped.
   */
  async story(v: Viewer, body: unknown): Promise<StatBatchResult> {
    let parsed = body;
    if (typeof parsed === 'string') {
      try {
        parsed = JSON.parse(parsed);
      } catch {
        throw badRequest('body must be JSON');
      }
    }
    const problem = validateStatBatch(parsed);
    if (problem) throw badRequest(problem);
    const batch = parsed as StatBatch;
    const user = v.user ?? (v.token ? null : await this.sessions.resolve(batch.token));
    if (!user) throw unauthorized();
    const { galleryIds, ...result } = await this.record(user.id, batch.batch_id.toLowerCase(), batch.events);
    for (const id of galleryIds) this.galleries.invalidate(id);
    return result;
  }

  /** Count a validated batch. Unknown link ids reject the whole batch (400) before anything is written. */
  async record(userId: number, batchId: string, events: StatEvent[]): Promise<StatBatchResult & { galleryIds: number[] }> {
    const linkIds = [...new Set(events.map((e) => e.linkid))];
    const { rows } = await this.db.query<{ id: number; link_id: string }>('SELECT id, link_id FROM galleries WHERE link_id = ANY($1::text[])', [linkIds]);
    const idOf = new Map(rows.map((r) => [r.link_id, r.id]));
    const unknown = linkIds.find((l) => !idOf.has(l));
    if (unknown) throw badRequest(`unknown linkid ${unknown}`);

    const tallies = new Map<number, Tally>();
    for (const e of events) {
      const id = idOf.get(e.linkid)!;
      const t = tallies.get(id) ?? { views: 0, imageviews: 0 };
      if (e.type === 'page') t.views++;
      else if (e.value === IMAGE_VIEW) t.imageviews++;
      tallies.set(id, t);
    }

    if (now() - this.lastPrune >= PRUNE_EVERY_S) await this.pruneBatches();
    return this.db.tx(async (q) => {
      const at = now();
      const fresh = await q.query('INSERT INTO stat_batches (user_id, batch_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, batchId, at]);
      if (fresh.rowCount === 0) return { counted: 0, duplicate: true, galleryIds: [] };
      const minute = Math.floor(at / 60);
      await q.query('DELETE FROM stat_minutes WHERE user_id = $1 AND minute < $2', [userId, minute - 1]);
      let counted = 0;
      const changed: number[] = [];
      // Galleries in id order: concurrent batches lock rows in the same order.
      for (const [galleryId, t] of [...tallies.entries()].sort((a, b) => a[0] - b[0])) {
        const allowed = await this.allowance(q, userId, galleryId, minute, t);
        let uv = 0;
        if (allowed.views > 0) {
          const first = await q.query('INSERT INTO gallery_visitors (gallery_id, user_id, first_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [galleryId, userId, at]);
          uv = first.rowCount;
        }
        if (allowed.views + allowed.imageviews + uv === 0) continue;
        await q.query(
          `INSERT INTO gallery_stats (gallery_id, view, uv, imageviews) VALUES ($1, $2, $3, $4)
           ON CONFLICT (gallery_id) DO UPDATE SET view = gallery_stats.view + EXCLUDED.view,
             uv = gallery_stats.uv + EXCLUDED.uv, imageviews = gallery_stats.imageviews + EXCLUDED.imageviews`,
          [galleryId, allowed.views, uv, allowed.imageviews]
        );
        counted += allowed.views + allowed.imageviews;
        changed.push(galleryId);
      }
      return { counted, duplicate: false, galleryIds: changed };
    });
  }

  /** What of `t` still fits under this minute's cap; the minute row is updated (and locked) as it is read. */
  private async allowance(q: Queryable, userId: number, galleryId: number, minute: number, t: Tally): Promise<Tally> {
    const { rows } = await q.query<{ views: number; imageviews: number }>(
      `INSERT INTO stat_minutes (user_id, gallery_id, minute, views, imageviews) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, gallery_id, minute) DO UPDATE SET views = stat_minutes.views + EXCLUDED.views,
         imageviews = stat_minutes.imageviews + EXCLUDED.imageviews
       RETURNING views, imageviews`,
      [userId, galleryId, minute, t.views, t.imageviews]
    );
    const fit = (after: number, added: number, cap: number) => Math.max(0, Math.min(added, cap - (after - added)));
    return { views: fit(rows[0].views, t.views, PAGE_VIEWS_PER_MINUTE), imageviews: fit(rows[0].imageviews, t.imageviews, IMAGE_VIEWS_PER_MINUTE) };
  }
}
