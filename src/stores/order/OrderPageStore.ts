import { makeAutoObservable, runInAction } from 'mobx';
import type { OrderContext, OrderPage, ServiceOffer } from '../../../types/api/orderPage';
import { ErrorCode } from '../../../types/envelope';
import { ApiError } from '../../api/client';

export type OrderPageState = 'idle' | 'loading' | 'ready' | 'notFound' | 'gated' | 'error';

export interface OrderPageDeps {
  load: (linkId: string) => Promise<OrderPage>;
  /**
   * The app's pay flow for a photo-less good (PayStore.payGoods: login first, the sheet, the provider,
   * polling), with the page's order context kept on the order; true once paid.
   */
  payGoods: (goodsId: number, context: OrderContext) => Promise<boolean>;
}

/** What a visitor may do with one offer. */
export type OfferAction = 'buy' | 'paying' | 'paid';

/**
 * The order / preorder page (types/api/orderPage.ts): a gallery's service offers and the visitor's
 * purchases. Buying runs the app's one pay flow; a paid offer stays paid (the server answers a repeated
 * purchase as paid). One purchase at a time.
 */
export class OrderPageStore {
  state: OrderPageState = 'idle';
  page: OrderPage | null = null;
  /** The gallery whose gate closed the page (its permission page opens). */
  gatedGalleryId: number | null = null;
  /** The offer being bought. */
  paying: number | null = null;
  private linkId = '';
  /** The order context of the page's address (its valid part: orderContext). */
  private context: OrderContext = {};

  constructor(private deps: OrderPageDeps) {
    makeAutoObservable<OrderPageStore, 'deps' | 'linkId' | 'context'>(this, { deps: false, linkId: false, context: false });
  }

  async load(linkId: string, context: OrderContext = {}): Promise<void> {
    this.linkId = linkId;
    this.context = context;
    this.state = 'loading';
    try {
      const page = await this.deps.load(linkId);
      runInAction(() => {
        this.page = page;
        this.state = 'ready';
      });
    } catch (e) {
      runInAction(() => {
        if (e instanceof ApiError && (e.code === ErrorCode.NOT_FOUND || e.code === ErrorCode.BAD_REQUEST)) this.state = 'notFound';
        else if (e instanceof ApiError && e.code === ErrorCode.NO_PERMISSION) {
          const id = (e.body as { data?: { gallery_id?: unknown } } | null)?.data?.gallery_id;
          this.gatedGalleryId = typeof id === 'number' ? id : null;
          this.state = this.gatedGalleryId ? 'gated' : 'error';
        } else this.state = 'error';
      });
    }
  }

  retry(): Promise<void> {
    return this.load(this.linkId, this.context);
  }

  get offers(): ServiceOffer[] {
    return this.page?.offers ?? [];
  }

  actionOf(o: ServiceOffer): OfferAction {
    if (o.paid) return 'paid';
    return this.paying === o.id ? 'paying' : 'buy';
  }

  /** Buy an offer (a guest logs in first, inside the pay flow); true once the server says paid. */
  async buy(offerId: number): Promise<boolean> {
    const offer = this.offers.find((o) => o.id === offerId);
    if (!offer) return false;
    if (offer.paid) return true;
    if (this.paying !== null) return false;
    this.paying = offerId;
    try {
      const paid = await this.deps.payGoods(offerId, this.context);
      if (paid) runInAction(() => (offer.paid = true));
      return paid;
    } finally {
      runInAction(() => (this.paying = null));
    }
  }
}
