import type { Db, Queryable } from '../../db';
import { notFound } from '../../errors';
import { GenerationCache } from '../shared/cache';
import { resolvePageData } from './defaultPage';
import type { Viewer } from '../../viewer';
import type { GateAccess } from '../gates/gateAccess';
import { DEFAULT_CONFIG, type Gallery, type GalleryConfig, type GalleryDetail } from '../../../../types/api/gallery';

/** A galleries row as selected below: the client shape's stored fields plus joined stats. */
export type GalleryRow = Omit<Gallery, 'config' | 'view_detail' | 'imagecount' | 'imageviews'> & {
  position: number;
  config: Partial<GalleryConfig>;
  view: number | null;
  uv: number | null;
  imageviews: number | null;
};

const SELECT = `SELECT g.*, s.view, s.uv, s.imageviews, p.link_id AS parent_link_id
  FROM galleries g
  LEFT JOIN gallery_stats s ON s.gallery_id = g.id
  LEFT JOIN galleries p ON p.id = g.parent`;

export function presentGallery(r: GalleryRow): Gallery {
  const config: GalleryConfig = { ...DEFAULT_CONFIG, ...r.config, theme: { ...DEFAULT_CONFIG.theme, ...(r.config?.theme ?? {}) } };
  return {
    id: r.id,
    orderid: r.orderid,
    link_id: r.link_id,
    url_labeling: r.url_labeling,
    prefix: r.prefix,
    name: r.name,
    desc: r.desc,
    cover: r.cover,
    watermarks: r.watermarks,
    useglobal: r.useglobal,
    galleryaddress: r.galleryaddress,
    start_time: r.start_time,
    end_time: r.end_time,
    status: r.status,
    tags: r.tags ?? [],
    is_pay_down: r.is_pay_down,
    image_total: r.image_total,
    imagecount: r.image_total,
    imageviews: r.imageviews ?? 0,
    view_detail: { gallery_id: r.id, uv: r.uv ?? 0, view: r.view ?? 0 },
    privacy: r.privacy,
    access_type: r.access_type,
    avchatroom: r.avchatroom,
    parent: r.parent,
    parent_link_id: r.parent_link_id,
    // A head that shows the cover gets it as its slide (services/gallery/defaultPage.ts).
    pagedata: resolvePageData(r.pagedata, r.cover),
    config,
    h5_share_title: r.h5_share_title,
    h5_share_text: r.h5_share_text,
    h5_share_image: r.h5_share_image,
    h5_share_link: r.h5_share_link
  };
}

export class GalleryService {
  /** Galleries by id for hot paths (the photo list reads the default sort): 5 s at most. */
  private byIdCache = new GenerationCache<Gallery>(5000, 2000);

  constructor(
    private db: Db,
    private gates: GateAccess
  ) {}

  /** A gallery row changed: cached reads of it go. */
  invalidate(id: number): void {
    this.byIdCache.invalidate(id);
  }

  /** byId through the short cache. */
  cachedById(id: number): Promise<Gallery> {
    return this.byIdCache.through(id, '', () => this.byId(id));
  }

  async findRow(where: 'link_id' | 'url_labeling' | 'id', value: string | number, q: Queryable = this.db): Promise<GalleryRow | null> {
    const { rows } = await q.query<GalleryRow>(`${SELECT} WHERE g.${where} = $1`, [value]);
    return rows[0] ?? null;
  }

  async byLinkId(linkId: string): Promise<Gallery> {
    const row = await this.findRow('link_id', linkId);
    if (!row) throw notFound(`Gallery ${linkId} not found`);
    return presentGallery(row);
  }

  async byId(id: number): Promise<Gallery> {
    const row = await this.findRow('id', id);
    if (!row) throw notFound(`Gallery ${id} not found`);
    return presentGallery(row);
  }

  /** /gti/{url_labeling} or /gti/{id}: a label first, then a numeric id. */
  async byGti(gti: string): Promise<Gallery> {
    const row = (await this.findRow('url_labeling', gti)) ?? (/^\d{1,9}$/.test(gti) ? await this.findRow('id', Number(gti)) : null);
    if (!row) throw notFound(`Gallery ${gti} not found`);
    return presentGallery(row);
  }

  /** The first album made here (by creation time: a gallery brought over with its old, lower id is not the first). */
  async homeLinkId(): Promise<string> {
    const { rows } = await this.db.query<{ link_id: string }>('SELECT link_id FROM galleries WHERE parent = 0 ORDER BY created_at, id LIMIT 1');
    if (!rows.length) throw notFound('No album has been created yet');
    return rows[0].link_id;
  }

  async children(parentId: number): Promise<Gallery[]> {
    const { rows } = await this.db.query<GalleryRow>(`${SELECT} WHERE g.parent = $1 ORDER BY g.position, g.id`, [parentId]);
    return rows.map(presentGallery);
  }

  async detail(g: Gallery): Promise<GalleryDetail> {
    return { gallery: g, children: await this.children(g.id) };
  }

  /** A gallery page and its sub-galleries as this visitor may see them: redacted until its page gate is passed. */
  async detailFor(v: Viewer, key: { link_id: string } | { gti: string } | { id: number }): Promise<GalleryDetail> {
    const g = 'link_id' in key ? await this.byLinkId(key.link_id) : 'gti' in key ? await this.byGti(key.gti) : await this.byId(key.id);
    return this.gates.presentDetail(v, await this.detail(g));
  }
}
