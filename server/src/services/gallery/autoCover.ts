import type { Db } from '../../db';
import type { GateService } from '../gates/gates';

/** What drops a gallery's cached row after its cover changed (GalleryService.invalidate). */
export interface GalleryCacheDrop {
  invalidate(id: number): void;
}

/**
 * The automatic cover (issue 12, Experience 7): a gallery whose organiser has not
 * chosen a cover (`galleries.cover_auto`) shows its first visible photo, the one
 * with the lowest id, as its cover: on cards, gate pages, share previews and the
 * head of its default page.
 *
 * - It follows the photos: set by the first upload, moved on when that photo is
 *   hidden or deleted (a removed photo must not stay visible as the cover), cleared
 *   when none is left.
 * - A gallery behind any gate (its own, or a page gate above it) gets none: a cover
 *   is shown to everyone, and the organiser did not choose to show that photo.
 *   A gate change therefore refreshes it too.
 * - An organiser's cover (cover_auto false) is never touched.
 */
export class AutoCover {
  constructor(
    private db: Db,
    private gates: Pick<GateService, 'requirementsOf'>,
    private galleries: GalleryCacheDrop
  ) {}

  /** Bring the automatic cover of one gallery up to date; answers whether it changed. */
  async refresh(galleryId: number): Promise<boolean> {
    const auto = await this.db.query('SELECT 1 FROM galleries WHERE id = $1 AND cover_auto', [galleryId]);
    if (!auto.rows.length) return false;
    const gated = (await this.gates.requirementsOf(galleryId)).length > 0;
    const changed = await this.db.tx(async (q) => {
      // The row lock orders concurrent refreshes; the photo read after it sees every
      // change committed before it, so the last refresh to run writes the truth.
      const { rows } = await q.query<{ cover: string | null }>('SELECT cover FROM galleries WHERE id = $1 AND cover_auto FOR UPDATE', [galleryId]);
      if (!rows.length) return false; // an organiser's cover was set meanwhile
      let next = '';
      if (!gated) {
        const first = await q.query<{ hash: string }>('SELECT hash FROM photos WHERE gallery_id = $1 AND NOT hidden ORDER BY id LIMIT 1', [galleryId]);
        next = first.rows[0]?.hash ?? '';
      }
      if ((rows[0].cover ?? '') === next) return false;
      await q.query('UPDATE galleries SET cover = $2 WHERE id = $1', [galleryId, next]);
      return true;
    });
    if (changed) this.galleries.invalidate(galleryId);
    return changed;
  }
}
