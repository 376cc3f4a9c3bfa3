import type { Db } from '../../db';
import { LANDING_EVENTS_MAX, type Landing, type PublicEvent } from '../../../../types/api/gallery';

/**
 * What the root address shows (issue 12, Experience 7): the demo album's link
 * when it was seeded, and the organiser's public events. An event is public when
 * it is a top-level gallery with privacy 0 and no gate of any kind (a gated one is
 * reached only through its own link); the demo album is listed apart from them.
 */
export class LandingService {
  constructor(
    private db: Db,
    private demoLinkId: string
  ) {}

  async landing(): Promise<Landing> {
    const { rows } = await this.db.query<PublicEvent>(
      `SELECT g.link_id, g.name, g.cover, g.start_time, g.end_time, g.image_total
       FROM galleries g
       WHERE g.parent = 0 AND g.privacy = 0
         AND NOT EXISTS (SELECT 1 FROM gallery_gates gg WHERE gg.gallery_id = g.id AND gg.access_type <> 'free')
       ORDER BY COALESCE(g.start_time, 0) DESC, g.id DESC
       LIMIT $1`,
      [LANDING_EVENTS_MAX + 1]
    );
    const seeded = await this.db.query('SELECT 1 FROM galleries WHERE link_id = $1 AND parent = 0', [this.demoLinkId]);
    const demo = seeded.rows.length ? this.demoLinkId : null;
    const events = rows
      .filter((r) => r.link_id !== this.demoLinkId)
      .slice(0, LANDING_EVENTS_MAX)
      .map((r) => ({ ...r, start_time: r.start_time === null ? null : Number(r.start_time), end_time: r.end_time === null ? null : Number(r.end_time), image_total: Number(r.image_total) }));
    return { demo, events };
  }
}
