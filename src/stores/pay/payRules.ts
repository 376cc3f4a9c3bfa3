import type { Photo } from '../../../types/api/photo';
import type { Gallery } from '../../../types/api/gallery';

/** The pay rules and shapes PayStore, DownloadStore, the resume after login and the sheets share. */

/** The gallery fields the pay rules read. */
export type PayGallery = Pick<Gallery, 'id' | 'is_pay_down' | 'link_id'> & { config?: { original_photo?: number } | null };

/** What a payment buys: the watermark removed (viewer PayToRemove), or a paid download. */
export type PayPurpose = 'remove_watermark' | 'download';

/** The Native QR popup's content (desktop and other browsers). */
export interface PayQr {
  chargeId: number;
  codeUrl: string;
  /** The sandbox pay page (only with the sandbox provider). */
  sandboxUrl: string | null;
  amount: number;
}

/**
 * A viewer action on one photo (PayToRemove, Download) that a full-page login
 * interrupts goes on after the reload (stores/login/resume.ts); actions
 * on several photos (a selection) are not resumed.
 */
export function viewerResume(g: Pick<PayGallery, 'id'>, photos: readonly Pick<Photo, 'id'>[], purpose: PayPurpose): Record<string, string | number> | undefined {
  return photos.length === 1 ? { gallery: g.id, photo: photos[0].id, purpose } : undefined;
}

/** Unpaid, watermarked photos of a charging gallery need payment before the original (spec part 1 §4, §5). */
export function galleryCharges(g: PayGallery | null | undefined): boolean {
  return !!g && g.is_pay_down > 0 && !g.config?.original_photo;
}

/**
 * The confirmation sheet's phases: 'ordering' (the server makes the order and its prepay),
 * 'confirm' (what is bought and the price; the visitor confirms or cancels), 'paying' (the
 * platform's pay step runs: WeChat's cashier, the sandbox page opening), 'waiting' (the server
 * is asked until it says paid). The result closes the sheet with its toast.
 */
export type PaySheetPhase = 'ordering' | 'confirm' | 'paying' | 'waiting';

/** What the confirmation sheet shows. Money in integer cents, from the server's answers only. */
export interface PaySheet {
  /** 'goods': a photo-less good (a form's pay field). */
  purpose: PayPurpose | 'goods';
  /** The good's name ('goods' only). */
  name?: string;
  phase: PaySheetPhase;
  /** Photos this payment is for (the unpaid ones). */
  count: number;
  /** Photos of the request already paid for, which are not charged again. */
  alreadyPaid: number;
  /** The good's price per photo (cents); null until the server answered. */
  unitPrice: number | null;
  /** The order's amount (cents); null until the server answered. */
  total: number | null;
}

/** Cents as shown next to '¥': 250 → '2.50'. */
export function formatCents(cents: number): string {
  return (cents / 100).toFixed(2);
}
