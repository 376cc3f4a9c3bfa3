import type { Db } from '../../db';
import { requireUser, type Viewer } from '../../viewer';
import type { GalleryService } from './gallery';
import type { GateAccess } from '../gates/gateAccess';
import {
  LATEST_VISITORS_MAX,
  VISIT_HISTORY_PAGE_SIZE,
  type LatestVisitors,
  type VisitHistoryPage,
  type VisitItem
} from '../../../../types/api/visit';

const now = () => Math.floor(Date.now() / 1000);

/** The selected columns are exactly the client's VisitItem. */
type VisitRow = VisitItem;

const VISIT_SELECT = `SELECT g.id, g.link_id, g.name, g."desc", g.cover, v.parent_id, v.visited_at
  FROM gallery_visits v JOIN galleries g ON g.id = v.gallery_id`;

const present = (r: VisitRow): VisitItem => ({ ...r, visited_at: Number(r.visited_at), parent_id: Number(r.parent_id) });

/** Visit history: who opened which gallery, newest first. Descriptions of pages the viewer may not open are withheld. */
export class VisitService {
  constructor(
    private db: Db,
    private galleries: GalleryService,
    private gates: GateAccess
  ) {}

  /**
   * The viewer opened a gallery page: record it. `parent` of /g/{linkid}/visit/{parentid}
   * is a gallery id or a link id; one that does not exist is ignored.
   */
  async open(v: Viewer, linkId: string, parent: number | string | undefined): Promise<VisitItem> {
    const user = requireUser(v);
    const g = await this.galleries.byLinkId(linkId);
    let parentId = 0;
    if (typeof parent === 'string') parentId = (await this.galleries.findRow('link_id', parent))?.id ?? 0;
    else if (parent) parentId = (await this.galleries.findRow('id', parent)) ? parent : 0;
    const [item] = await this.gates.withholdDesc(v, [await this.add(user.id, g.id, parentId)]);
    return item;
  }

  async historyFor(v: Viewer, page: number): Promise<VisitHistoryPage> {
    const h = await this.history(requireUser(v).id, page);
    return { ...h, items: await this.gates.withholdDesc(v, h.items) };
  }

  async lastFor(v: Viewer): Promise<VisitItem | null> {
    const last = await this.last(requireUser(v).id);
    return last && (await this.gates.withholdDesc(v, [last]))[0];
  }

  async removeFor(v: Viewer, galleryId: number): Promise<{ id: number; removed: boolean }> {
    return { id: galleryId, removed: await this.remove(requireUser(v).id, galleryId) };
  }

  /** A gallery's latest visitors (by link id). */
  async latestOf(linkId: string): Promise<LatestVisitors> {
    return this.latest((await this.galleries.byLinkId(linkId)).id);
  }

  /** Record (or move to the top) a visit of a gallery; `parentId` when visited under a parent. */
  async add(userId: number, galleryId: number, parentId = 0): Promise<VisitItem> {
    const at = now();
    await this.db.query(
      `INSERT INTO gallery_visits (user_id, gallery_id, parent_id, visited_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, gallery_id) DO UPDATE SET parent_id = EXCLUDED.parent_id, visited_at = EXCLUDED.visited_at`,
      [userId, galleryId, parentId, at]
    );
    const { rows } = await this.db.query<VisitRow>(`${VISIT_SELECT} WHERE v.user_id = $1 AND v.gallery_id = $2`, [userId, galleryId]);
    return present(rows[0]);
  }

  async history(userId: number, page: number): Promise<VisitHistoryPage> {
    const size = VISIT_HISTORY_PAGE_SIZE;
    const [items, count] = await Promise.all([
      this.db.query<VisitRow>(`${VISIT_SELECT} WHERE v.user_id = $1 ORDER BY v.visited_at DESC, v.gallery_id DESC LIMIT ${size} OFFSET $2`, [
        userId,
        (page - 1) * size
      ]),
      this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM gallery_visits WHERE user_id = $1', [userId])
    ]);
    return { items: items.rows.map(present), total: count.rows[0].n, page, page_size: size };
  }

  async last(userId: number): Promise<VisitItem | null> {
    const { rows } = await this.db.query<VisitRow>(`${VISIT_SELECT} WHERE v.user_id = $1 ORDER BY v.visited_at DESC, v.gallery_id DESC LIMIT 1`, [userId]);
    return rows[0] ? present(rows[0]) : null;
  }

  /** Remove a gallery from my history; false when it was not there. */
  async remove(userId: number, galleryId: number): Promise<boolean> {
    const r = await this.db.query('DELETE FROM gallery_visits WHERE user_id = $1 AND gallery_id = $2', [userId, galleryId]);
    return r.rowCount > 0;
  }

  /** The latest visitors of a gallery (avatar and nickname) and how many visited in all. */
  async latest(galleryId: number): Promise<LatestVisitors> {
    const [items, count] = await Promise.all([
      this.db.query<{ photo: string; nickname: string }>(
        `SELECT u.photo, u.nickname FROM gallery_visits v JOIN users u ON u.id = v.user_id
         WHERE v.gallery_id = $1 ORDER BY v.visited_at DESC, v.user_id DESC LIMIT ${LATEST_VISITORS_MAX}`,
        [galleryId]
      ),
      this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM gallery_visits WHERE gallery_id = $1', [galleryId])
    ]);
    return { items: items.rows, total: count.rows[0].n };
  }
}
