import type { PermissibilityResponse } from '../../types/api/permission';
import { fetchIsPass, fetchPermissibility } from '../api/permission';
import { setImageTicket } from '../utils/imageTickets';
import { buildUrl } from '../routes';

/** The gate page (`/page/permission/{id}`) is needed for these states. */
export function gateClosed(p: PermissibilityResponse | null): boolean {
  return !!p && (p.state === 'password' || p.state === 'phone');
}

/**
 * Before a gated gallery shows photos: may this visitor see them? When every
 * gate is passed, keep the image ticket for `<img>` URLs. A failed check lets
 * the page go on: the server still refuses every gated path without the pass.
 */
export async function galleryGateOf(linkId: string): Promise<PermissibilityResponse | null> {
  try {
    const p = await fetchPermissibility(linkId);
    if (p.state === 'passed') {
      const pass = await fetchIsPass('watermark', p.gallery_id).catch(() => null);
      setImageTicket(p.gallery_id, pass?.image_ticket ?? null);
    }
    return p;
  } catch {
    return null;
  }
}

/** `/page/permission/{id}`, or its `/original/{val}` form when the gallery was opened that way. */
export function permissionUrl(galleryId: number, original?: string): string {
  const id = String(galleryId);
  return original ? buildUrl('permissionOriginal', { id, original }) : buildUrl('permission', { id });
}
