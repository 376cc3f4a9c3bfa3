import { AppError, notFound, unauthorized } from '../../errors';
import type { Viewer } from '../../viewer';
import type { GalleryService } from '../gallery/gallery';
import type { GateAccess } from '../gates/gateAccess';
import type { LiveBus } from '../../live/bus';
import { GenerationCache } from '../shared/cache';
import { ErrorCode } from '../../../../types/envelope';

/** An id found to be no gallery is answered from memory this long (join floods of unknown ids cost no lookup). */
export const UNKNOWN_GALLERY_TTL_MS = 10_000;
const UNKNOWN_GALLERY_MAX = 10_000;

/**
 * What a socket may stay in a room on: `until` is the Unix second its passes of the gallery
 * end (the earliest of them), null when the gallery needs none.
 */
export interface LiveWindow {
  until: number | null;
}

/** Who may watch a gallery's live channel: a session, a known gallery, and its passes when gated. */
export class LiveAccess {
  private unknown = new GenerationCache<true>(UNKNOWN_GALLERY_TTL_MS, UNKNOWN_GALLERY_MAX);
  /** One lookup per id at a time: joins of one id arriving together share it. */
  private pending = new Map<number, Promise<boolean>>();

  constructor(
    private galleries: GalleryService,
    private gates: GateAccess,
    private bus: LiveBus
  ) {}

  /**
   * Whether the gallery exists. Known galleries come from GalleryService's short cache,
   * unknown ids from a negative cache (UNKNOWN_GALLERY_TTL_MS); a database failure is
   * not remembered and rejects.
   */
  async galleryExists(id: number): Promise<boolean> {
    if (this.unknown.get(id, '')) return false;
    let lookup = this.pending.get(id);
    if (!lookup) {
      lookup = this.galleries.cachedById(id).then(
        () => true,
        (e: unknown) => {
          if (!(e instanceof AppError) || e.code !== ErrorCode.NOT_FOUND) throw e;
          this.unknown.set(id, '', true);
          return false;
        }
      );
      lookup = lookup.finally(() => this.pending.delete(id));
      this.pending.set(id, lookup);
    }
    return lookup;
  }

  /** The passes window of each user (null: no session) in a gallery; a user missing from the answer may not watch it. */
  async windows(userIds: Array<number | null>, galleryId: number): Promise<Map<number | null, LiveWindow>> {
    const ids = userIds.filter((u): u is number => u !== null);
    const { gated, until } = await this.gates.service.passExpiries(ids, galleryId);
    const out = new Map<number | null, LiveWindow>();
    for (const u of userIds) {
      if (!gated) out.set(u, { until: null });
      else if (u !== null && until.has(u)) out.set(u, { until: until.get(u)! });
    }
    return out;
  }

  /** Before the WebSocket upgrade: 401 without a session, 404 for an unknown gallery, 403 without its passes. */
  async assertCanWatch(viewer: Viewer, galleryId: number): Promise<LiveWindow> {
    if (!viewer.user) throw unauthorized('A valid session token is required');
    if (!(await this.galleryExists(galleryId))) throw notFound(`Gallery ${galleryId} not found`);
    const w = (await this.windows([viewer.userId], galleryId)).get(viewer.userId);
    if (w) return w;
    // Refused: the envelope names the gate to pass (200202, HTTP 403).
    await this.gates.assertLivePass(viewer, galleryId);
    throw new AppError(ErrorCode.NO_PERMISSION, 'Permission Error', null, 403);
  }

  /** A `join` frame on an open socket: an unknown or gated-and-not-passed gallery is ignored (null) like any bad input. */
  async canJoin(viewer: Viewer, galleryId: number): Promise<LiveWindow | null> {
    if (!viewer.user) return null;
    try {
      if (!(await this.galleryExists(galleryId))) return null;
    } catch {
      return null;
    }
    return (await this.windows([viewer.userId], galleryId)).get(viewer.userId) ?? null;
  }

  /**
   * A gate of this gallery changed, or passes to it were revoked: every process drops its
   * cached gates and re-checks each socket in the gallery's live room; sockets without the
   * passes now needed leave the room (a `left` frame, reason 'gate'). a GateSettings change
   * listener calls it (services/index.ts). A pass removed without it (a row deleted) ends the
   * membership at the room's next message, which waits for the same re-check (LiveMembership.deliver).
   */
  async gateChanged(galleryId: number): Promise<void> {
    await this.bus.publishInternal({ kind: 'live_recheck', gallery_id: galleryId });
  }

  /** The bus notice reached this process: forget its cached gates before the room is re-checked. */
  forgetGates(_galleryId: number): void {
    // A page gate reaches its sub-pages: forget them all.
    this.gates.service.forget();
  }
}
