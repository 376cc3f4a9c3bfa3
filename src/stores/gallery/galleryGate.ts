import type { PermissibilityResponse } from '../../../types/api/permission';
import { fetchIsPass, fetchPermissibility } from '../../api/permission';
import { setImageTicket } from '../../utils/imageTickets';
import { buildUrl, galleryUrl } from '../../routes';

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

/**
 * Where the permission page leads once every gate is open: the gallery page
 * (default) or the gallery's venue screen. A name, never a URL: the page builds
 * the address from the gallery the server answered, so it cannot be sent elsewhere.
 */
export type GateReturn = 'gallery' | 'screen';

/** The `to` parameter of the permission page; anything unknown means the gallery page. */
export function gateReturnOf(raw: string | undefined): GateReturn {
  return raw === 'screen' ? 'screen' : 'gallery';
}

/** `/page/permission/{id}`, or its `/original/{val}` form when the gallery was opened that way; `?to=screen` from the venue screen. */
export function permissionUrl(galleryId: number, original?: string, to: GateReturn = 'gallery'): string {
  const params: Record<string, string> = { id: String(galleryId) };
  if (to !== 'gallery') params.to = to;
  return original ? buildUrl('permissionOriginal', { ...params, original }) : buildUrl('permission', params);
}

/** The address the permission page returns to once passed. */
export function afterGateUrl(g: { id: number; link_id: string }, original: string | undefined, to: GateReturn): string {
  return to === 'screen' ? buildUrl('screen', { link_id: g.link_id }) : galleryUrl(g, original);
}
