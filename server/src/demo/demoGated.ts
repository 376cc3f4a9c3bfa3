import type { Queryable } from '../db';
import { hashGatePassword } from '../services/gates/gates';
import type { PageData } from '../../../types/page';

/**
 * The demo's gated sub-galleries (issue 5 item 5): one behind a password (shown in
 * its description, so anyone trying the demo can pass), one behind a phone code
 * (the sandbox SMS provider prints the code in the server log).
 */
export const DEMO_PASSWORD_LINK_ID = 'vip2026a';
export const DEMO_PHONE_LINK_ID = 'press026';
export const DEMO_GALLERY_PASSWORD = '2026';
/** Photos drawn for each gated sub-gallery. */
export const DEMO_GATED_PHOTOS = 8;

export interface GatedGalleryInsert {
  link_id: string;
  name: string;
  desc: string;
  tip: string;
  kind: 'password' | 'phone';
}

export const DEMO_GATED: GatedGalleryInsert[] = [
  {
    link_id: DEMO_PASSWORD_LINK_ID,
    name: 'VIP Lounge',
    desc: `Password-protected photos of the VIP lounge. Demo password: ${DEMO_GALLERY_PASSWORD}`,
    tip: `VIP Lounge — password-protected (demo password: ${DEMO_GALLERY_PASSWORD})`,
    kind: 'password'
  },
  {
    link_id: DEMO_PHONE_LINK_ID,
    name: 'Press Corner',
    desc: 'Phone-verified photos for the press. Any 11-digit phone works in the demo: the sandbox SMS code is printed in the server log.',
    tip: 'Press Corner — verify a phone number to see the photos (sandbox: the code is in the server log)',
    kind: 'phone'
  }
];

/** Gate the photos ('watermark' gate) of a seeded gallery, inside the seed's transaction. */
export async function gateDemoGallery(q: Queryable, galleryId: number, kind: 'password' | 'phone', now: number): Promise<void> {
  const pw = kind === 'password' ? await hashGatePassword(DEMO_GALLERY_PASSWORD) : null;
  await q.query(
    `INSERT INTO gallery_gates (gallery_id, kind, access_type, password_hash, password_salt, phone_whitelist, updated_at)
     VALUES ($1, 'watermark', $2, $3, $4, '{}', $5)`,
    [galleryId, kind, pw?.hash ?? null, pw?.salt ?? null, now]
  );
  await q.query('UPDATE galleries SET access_type = $2 WHERE id = $1', [galleryId, kind]);
}

export type SubPage = (tip: string, mode: string) => PageData;
