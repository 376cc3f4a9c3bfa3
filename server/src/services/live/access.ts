import { unauthorized } from '../../errors';
import type { Viewer } from '../../viewer';
import type { GalleryService } from '../gallery/gallery';
import type { GateAccess } from '../gates/gateAccess';

/** Who may watch a gallery's live channel: a session, a known gallery, and its passes when gated. */
export class LiveAccess {
  constructor(
    private galleries: GalleryService,
    private gates: GateAccess
  ) {}

  /** Before the WebSocket upgrade: 401 without a session, 404 for an unknown gallery, 403 without its passes. */
  async assertCanWatch(viewer: Viewer, galleryId: number): Promise<void> {
    if (!viewer.user) throw unauthorized('A valid session token is required');
    await this.galleries.cachedById(galleryId);
    await this.gates.assertLivePass(viewer, galleryId);
  }

  /** A `join` frame on an open socket: an unknown or gated-and-not-passed gallery is ignored like any bad input. */
  async canJoin(viewer: Viewer, galleryId: number): Promise<boolean> {
    try {
      await this.galleries.cachedById(galleryId);
    } catch {
      return false;
    }
    return this.gates.passes(viewer, galleryId);
  }
}
