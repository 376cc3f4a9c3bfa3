import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import type { Viewer } from '../../viewer';
import type { OrganizerAccess } from '../session/organizer';
import type { AccessType } from '../../../../types/api/gallery';
import {
  GATE_WHITELIST_MAX,
  PASSWORD_MAX_LEN,
  PHONE_RE,
  type GateKind,
  type OrganizerGate,
  type OrganizerGates
} from '../../../../types/api/permission';
import { GATE_KINDS, hashGatePassword, type GateRow, type GateService } from './gates';

const now = () => Math.floor(Date.now() / 1000);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export interface GateSetting {
  access_type: AccessType;
  /** Required for 'password', refused otherwise. */
  password?: string;
  /** For 'phone' only: allowed numbers; empty or missing means any phone. */
  whitelist?: string[];
}

/**
 * Told after a gate change commits, once per gallery whose visitors it affects: the
 * gallery itself, and for a page (pgdata) gate every sub-page below it. Caches of
 * those galleries are dropped here (services/index.ts), and the live channel
 * re-checks who may stay in their rooms.
 */
export type GateChangeListener = (galleryId: number) => void | Promise<void>;

type StoredGate = GateRow & { updated_at: number | null };

const view = (galleryId: number, kind: GateKind, r: StoredGate | null): OrganizerGate => ({
  gallery_id: galleryId,
  kind,
  access_type: r?.access_type ?? 'free',
  has_password: !!r?.password_hash,
  whitelist: r?.phone_whitelist ?? [],
  updated_at: r?.updated_at === null || r?.updated_at === undefined ? null : Number(r.updated_at)
});

/** The rules of a setting, for every caller (the organiser API, seeds, tools). */
function checkSetting(s: GateSetting): void {
  if (!['free', 'password', 'phone'].includes(s.access_type)) throw badRequest('access_type must be free, password or phone');
  if (s.access_type === 'password') {
    if (!s.password || s.password.length > PASSWORD_MAX_LEN || CONTROL.test(s.password)) {
      throw badRequest(`password must be 1 to ${PASSWORD_MAX_LEN} characters without control characters`);
    }
  } else if (s.password !== undefined) throw badRequest('password is only for password gates');
  if (s.whitelist !== undefined && s.whitelist.length) {
    if (s.access_type !== 'phone') throw badRequest('whitelist is only for phone gates');
    if (s.whitelist.length > GATE_WHITELIST_MAX) throw badRequest(`whitelist must be a list of at most ${GATE_WHITELIST_MAX} phones of 11 digits`);
    if (s.whitelist.some((p) => typeof p !== 'string' || !PHONE_RE.test(p))) throw badRequest('whitelist must be a list of phones of 11 digits');
  }
}

/** Writing gates: set, clear, list; caches and listeners follow every committed change. */
export class GateSettings {
  private listeners = new Set<GateChangeListener>();

  constructor(
    private db: Db,
    private gates: GateService,
    private warn: (msg: string, err?: unknown) => void = () => undefined
  ) {}

  /** Call `fn` after every gate change (see GateChangeListener); answers the unsubscribe. */
  onGateChanged(fn: GateChangeListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Set one gate of a gallery ('free' removes it). The passes through it end. */
  async set(galleryId: number, kind: GateKind, s: GateSetting): Promise<OrganizerGate> {
    checkSetting(s);
    const pw = s.access_type === 'password' ? await hashGatePassword(s.password!) : null;
    const whitelist = s.access_type === 'phone' ? [...new Set(s.whitelist ?? [])] : [];
    const stored = await this.db.tx(async (q) => {
      const g = await q.query('SELECT 1 FROM galleries WHERE id = $1 FOR UPDATE', [galleryId]);
      if (!g.rows.length) throw notFound(`Gallery ${galleryId} not found`);
      let row: StoredGate | null = null;
      if (s.access_type === 'free') {
        await q.query('DELETE FROM gallery_gates WHERE gallery_id = $1 AND kind = $2', [galleryId, kind]);
      } else {
        row = (
          await q.query<StoredGate>(
            `INSERT INTO gallery_gates (gallery_id, kind, access_type, password_hash, password_salt, phone_whitelist, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6::text[], $7)
             ON CONFLICT (gallery_id, kind) DO UPDATE SET access_type = $3, password_hash = $4, password_salt = $5, phone_whitelist = $6::text[], updated_at = $7
             RETURNING gallery_id, kind, access_type, password_hash, password_salt, phone_whitelist, updated_at`,
            [galleryId, kind, s.access_type, pw?.hash ?? null, pw?.salt ?? null, whitelist, now()]
          )
        ).rows[0];
      }
      // A changed gate voids the passes through it.
      await q.query('DELETE FROM gate_passes WHERE gallery_id = $1 AND kind = $2', [galleryId, kind]);
      // galleries.access_type: the page gate when set, else the photo gate (what cards show).
      await q.query(
        `UPDATE galleries SET access_type = COALESCE(
           (SELECT access_type FROM gallery_gates WHERE gallery_id = $1 AND access_type <> 'free' ORDER BY kind = 'pgdata' DESC LIMIT 1), 'free')
         WHERE id = $1`,
        [galleryId]
      );
      return row;
    });
    this.gates.forget();
    await this.changed(galleryId, kind);
    return view(galleryId, kind, stored);
  }

  clear(galleryId: number, kind: GateKind): Promise<OrganizerGate> {
    return this.set(galleryId, kind, { access_type: 'free' });
  }

  /** A gallery's own gates (both kinds) and the page gates it inherits. */
  async list(galleryId: number): Promise<OrganizerGates> {
    const g = await this.db.query('SELECT 1 FROM galleries WHERE id = $1', [galleryId]);
    if (!g.rows.length) throw notFound(`Gallery ${galleryId} not found`);
    const { rows } = await this.db.query<StoredGate>(
      'SELECT gallery_id, kind, access_type, password_hash, password_salt, phone_whitelist, updated_at FROM gallery_gates WHERE gallery_id = $1',
      [galleryId]
    );
    const gates = GATE_KINDS.map((k) => view(galleryId, k, rows.find((r) => r.kind === k) ?? null));
    const inherited = (await this.gates.requirementsOf(galleryId)).filter((r) => r.depth > 0).map((r) => view(r.gallery_id, r.kind, { ...r, updated_at: null }));
    return { gates, inherited };
  }

  /** The galleries a change reaches: the gallery, and for a page gate its sub-pages at any depth. */
  private async reached(galleryId: number, kind: GateKind): Promise<number[]> {
    if (kind !== 'pgdata') return [galleryId];
    const { rows } = await this.db.query<{ id: number }>(
      `WITH RECURSIVE tree(id) AS (
         SELECT id FROM galleries WHERE id = $1
         UNION SELECT g.id FROM galleries g JOIN tree t ON g.parent = t.id
       )
       SELECT id FROM tree`,
      [galleryId]
    );
    return [galleryId, ...rows.map((r) => Number(r.id)).filter((id) => id !== galleryId)];
  }

  private async changed(galleryId: number, kind: GateKind): Promise<void> {
    if (!this.listeners.size) return;
    const ids = await this.reached(galleryId, kind);
    for (const fn of [...this.listeners]) {
      for (const id of ids) {
        try {
          await fn(id);
        } catch (err) {
          // The gate is changed already; a listener's failure must not undo or hide that.
          this.warn(`gate change listener failed for gallery ${id}`, err);
        }
      }
    }
  }
}

/** The organiser API's gate calls: the organiser token, then GateSettings. */
export class OrganizerGateService {
  constructor(
    private access: OrganizerAccess,
    private settings: GateSettings
  ) {}

  list(v: Viewer, galleryId: number): Promise<OrganizerGates> {
    this.access.assert(v);
    return this.settings.list(galleryId);
  }

  set(v: Viewer, galleryId: number, kind: GateKind, s: GateSetting): Promise<OrganizerGate> {
    this.access.assert(v);
    return this.settings.set(galleryId, kind, s);
  }

  clear(v: Viewer, galleryId: number, kind: GateKind): Promise<OrganizerGate> {
    this.access.assert(v);
    return this.settings.clear(galleryId, kind);
  }
}
