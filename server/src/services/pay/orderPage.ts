import type { Db } from '../../db';
import type { Viewer } from '../../viewer';
import type { GateAccess } from '../gates/gateAccess';
import type { GalleryService } from '../gallery/gallery';
import type { OrderPage } from '../../../../types/api/orderPage';

/**
 * The order / preorder page (types/api/orderPage.ts): a gallery's service offers (goods of kind
 * `service`) and which of them this visitor has paid. Buying goes through PayService.prePay, the
 * photo-less order of the pay component, so this service only reads. An offer its organiser withdrew
 * is shown only to a visitor who paid for it.
 */
export class OrderPageService {
  constructor(
    private db: Db,
    private galleries: GalleryService,
    private gates: GateAccess
  ) {}

  async show(v: Viewer, linkId: string): Promise<OrderPage> {
    const g = await this.galleries.byLinkId(linkId);
    await this.gates.assertPass(v, g.id);
    const { rows } = await this.db.query<{ id: number; name: string; description: string; price_cents: number; withdrawn_at: string | number | null; paid: boolean }>(
      `SELECT gd.id, gd.name, gd.description, gd.price_cents, gd.withdrawn_at,
              EXISTS (SELECT 1 FROM orders o WHERE o.goods_id = gd.id AND o.user_id = $2 AND o.status = 'paid' AND o.refund_state IS NULL) AS paid
       FROM goods gd WHERE gd.gallery_id = $1 AND gd.kind = 'service'
       ORDER BY gd.id`,
      [g.id, v.userId ?? 0]
    );
    return {
      gallery: { id: g.id, link_id: g.link_id, name: g.name, cover: g.cover },
      // A withdrawn offer stays listed only for those who paid it.
      offers: rows.filter((r) => r.withdrawn_at === null || r.paid).map((r) => ({ id: r.id, name: r.name, description: r.description, price: r.price_cents, paid: !!r.paid }))
    };
  }
}
