import type { Db } from '../../db';
import { AppError, badRequest, notFound } from '../../errors';
import type { Viewer } from '../../viewer';
import type { OrganizerAccess } from '../session/organizer';
import type { GalleryService } from '../gallery/gallery';
import { PHOTO_GOODS_KINDS, type PayGoods, type PayGoodsKind } from '../../../../types/api/pay';
import type { OrganizerGood, OrganizerGoods } from '../../../../types/api/organizer';
import { OrderPageErrorCode } from '../../../../types/api/orderPage';

interface GoodsRow {
  id: number;
  gallery_id: number | null;
  name: string;
  price_cents: number;
  kind: PayGoodsKind;
  withdrawn_at: string | number | null;
}

const present = (r: GoodsRow): PayGoods => ({ id: r.id, gallery_id: r.gallery_id, name: r.name, price: r.price_cents, kind: r.kind });
const presentOwn = (r: GoodsRow): OrganizerGood => ({ ...present(r), withdrawn_at: r.withdrawn_at === null ? null : Number(r.withdrawn_at) });
const GOODS_COLUMNS = 'id, gallery_id, name, price_cents, kind, withdrawn_at';
const NOT_PHOTO_GOOD = (id: number | string) => `Pay good ${id} is a service offer: photos cannot be paid with it`;

/**
 * Goods and prices an organiser sets (organizerSettingsCalls): a gallery's goods, each with
 * an integer price in cents, and which one its photos are paid with (galleries.is_pay_down).
 * Visitors see them through the pay calls (`GET /api/v2/pay/goods`, the viewer's pay sheet).
 */
export class OrganizerGoodsService {
  constructor(
    private db: Db,
    private access: OrganizerAccess,
    private galleries: GalleryService
  ) {}

  async list(v: Viewer, galleryId: number): Promise<OrganizerGoods> {
    this.access.assert(v);
    return this.read(galleryId);
  }

  async add(v: Viewer, galleryId: number, input: { name: string; price: number; kind: PayGoodsKind; pay_down?: 0 | 1; description?: string }): Promise<OrganizerGoods> {
    this.access.assert(v);
    if (input.pay_down === 1 && !PHOTO_GOODS_KINDS.includes(input.kind)) throw badRequest(NOT_PHOTO_GOOD('a new'));
    await this.db.tx(async (q) => {
      const g = await q.query('SELECT 1 FROM galleries WHERE id = $1 FOR UPDATE', [galleryId]);
      if (!g.rows.length) throw notFound(`Gallery ${galleryId} not found`);
      const { rows } = await q.query<{ id: number }>(
        'INSERT INTO goods (gallery_id, name, price_cents, kind, description, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [galleryId, input.name.trim(), input.price, input.kind, input.description?.trim() ?? '', Math.floor(Date.now() / 1000)]
      );
      if (input.pay_down === 1) await q.query('UPDATE galleries SET is_pay_down = $2 WHERE id = $1', [galleryId, rows[0].id]);
    });
    this.galleries.invalidate(galleryId);
    return this.read(galleryId);
  }

  async update(v: Viewer, goodsId: number, input: { name?: string; price?: number; description?: string }): Promise<PayGoods> {
    this.access.assert(v);
    const { rows } = await this.db.query<GoodsRow>(
      `UPDATE goods SET name = COALESCE($2, name), price_cents = COALESCE($3, price_cents), description = COALESCE($4, description) WHERE id = $1
       RETURNING ${GOODS_COLUMNS}`,
      [goodsId, input.name?.trim() ?? null, input.price ?? null, input.description?.trim() ?? null]
    );
    if (!rows.length) throw notFound(`Pay good ${goodsId} not found`);
    return present(rows[0]);
  }

  /**
   * Withdraw a service offer (`withdrawn` true) or offer it again (false). Withdrawing twice keeps the
   * first time. Paid orders are not touched: their buyers keep what they paid for (OrderPageService,
   * OrderBook.createGoodsOrder); new payments for it are refused (OrderBook's assertOnOffer, 201900).
   */
  async setWithdrawn(v: Viewer, goodsId: number, withdrawn: boolean): Promise<OrganizerGood> {
    this.access.assert(v);
    const { rows } = await this.db.query<GoodsRow>(`SELECT ${GOODS_COLUMNS} FROM goods WHERE id = $1`, [goodsId]);
    if (!rows.length) throw notFound(`Pay good ${goodsId} not found`);
    if (rows[0].kind !== 'service') throw new AppError(OrderPageErrorCode.NOT_SERVICE, `Pay good ${goodsId} is not a service offer: only service offers are withdrawn`, null, 400);
    const changed = await this.db.query<GoodsRow>(
      `UPDATE goods SET withdrawn_at = ${withdrawn ? 'COALESCE(withdrawn_at, $2)' : 'NULL'} WHERE id = $1 RETURNING ${GOODS_COLUMNS}`,
      withdrawn ? [goodsId, Math.floor(Date.now() / 1000)] : [goodsId]
    );
    if (rows[0].gallery_id !== null) this.galleries.invalidate(rows[0].gallery_id);
    return presentOwn(changed.rows[0]);
  }

  /** The good a gallery's photos are paid with; 0 makes them free again. It must be the gallery's own good. */
  async setPayDown(v: Viewer, galleryId: number, goodsId: number): Promise<OrganizerGoods> {
    this.access.assert(v);
    if (goodsId) {
      const { rows } = await this.db.query<{ gallery_id: number | null; kind: PayGoodsKind }>('SELECT gallery_id, kind FROM goods WHERE id = $1', [goodsId]);
      if (!rows.length) throw notFound(`Pay good ${goodsId} not found`);
      if (!PHOTO_GOODS_KINDS.includes(rows[0].kind)) throw badRequest(NOT_PHOTO_GOOD(goodsId));
      if (rows[0].gallery_id !== null && rows[0].gallery_id !== galleryId) throw badRequest(`Pay good ${goodsId} belongs to another gallery`);
    }
    const { rowCount } = await this.db.query('UPDATE galleries SET is_pay_down = $2 WHERE id = $1', [galleryId, goodsId]);
    if (!rowCount) throw notFound(`Gallery ${galleryId} not found`);
    this.galleries.invalidate(galleryId);
    return this.read(galleryId);
  }

  private async read(galleryId: number): Promise<OrganizerGoods> {
    const g = await this.db.query<{ is_pay_down: number }>('SELECT is_pay_down FROM galleries WHERE id = $1', [galleryId]);
    if (!g.rows.length) throw notFound(`Gallery ${galleryId} not found`);
    const { rows } = await this.db.query<GoodsRow>(
      `SELECT ${GOODS_COLUMNS} FROM goods WHERE gallery_id = $1 OR id = $2 ORDER BY id`,
      [galleryId, g.rows[0].is_pay_down]
    );
    return { gallery_id: galleryId, is_pay_down: g.rows[0].is_pay_down, goods: rows.map(presentOwn) };
  }
}
