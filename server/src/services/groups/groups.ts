import crypto from 'node:crypto';
import type { Db, Queryable } from '../../db';
import { badRequest, notFound } from '../../errors';
import type { Viewer } from '../../viewer';
import type { OrganizerAccess } from '../session/organizer';
import type { GateAccess } from '../gates/gateAccess';
import { GROUP_TOKEN_BYTES, type Group, type GroupGallery, type OrganizerGroup } from '../../../../types/api/groups';

interface GroupRow {
  id: number;
  token: string;
  name: string;
}

interface MemberRow {
  id: number;
  link_id: string;
  name: string;
  cover: string | null;
  image_total: number;
  start_time: string | number | null;
  end_time: string | number | null;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));
const newToken = () => crypto.randomBytes(GROUP_TOKEN_BYTES).toString('base64url');

/**
 * Groups (types/api/groups.ts): a token names one organiser's list of galleries. Visitors read it by
 * the token; each gallery is shown as its gates allow (name only until passed). Organisers create and
 * change groups.
 */
export class GroupService {
  constructor(
    private db: Db,
    private gates: GateAccess,
    private access: OrganizerAccess,
    private publicUrl: string
  ) {}

  async show(v: Viewer, token: string): Promise<Group> {
    const { rows } = await this.db.query<GroupRow>('SELECT id, token, name FROM gallery_groups WHERE token = $1', [token]);
    const group = rows[0];
    if (!group) throw notFound('Group not found');
    const members = await this.db.query<MemberRow>(
      `SELECT g.id, g.link_id, g.name, g.cover, g.image_total, g.start_time, g.end_time
       FROM gallery_group_members m JOIN galleries g ON g.id = m.gallery_id
       WHERE m.group_id = $1 ORDER BY m.position, g.id`,
      [group.id]
    );
    const galleries: GroupGallery[] = [];
    const anyGated = await this.gates.service.anyGated();
    for (const r of members.rows) {
      const locked = anyGated && !(await this.gates.passes(v, r.id));
      galleries.push({
        id: r.id,
        link_id: r.link_id,
        name: r.name,
        cover: locked ? null : r.cover,
        image_total: locked ? 0 : Number(r.image_total),
        start_time: num(r.start_time),
        end_time: num(r.end_time),
        locked
      });
    }
    return { token: group.token, name: group.name, galleries };
  }

  async list(v: Viewer): Promise<OrganizerGroup[]> {
    this.access.assert(v);
    const { rows } = await this.db.query<GroupRow>('SELECT id, token, name FROM gallery_groups ORDER BY id');
    const out: OrganizerGroup[] = [];
    for (const g of rows) out.push(await this.present(this.db, g));
    return out;
  }

  async create(v: Viewer, input: { name: string; gallery_ids: number[] }): Promise<OrganizerGroup> {
    this.access.assert(v);
    return this.db.tx(async (q) => {
      const { rows } = await q.query<GroupRow>('INSERT INTO gallery_groups (token, name, created_at) VALUES ($1, $2, $3) RETURNING id, token, name', [
        newToken(),
        input.name.trim(),
        Math.floor(Date.now() / 1000)
      ]);
      await this.setMembers(q, rows[0].id, input.gallery_ids);
      return this.present(q, rows[0]);
    });
  }

  async update(v: Viewer, id: number, input: { name?: string; gallery_ids?: number[] }): Promise<OrganizerGroup> {
    this.access.assert(v);
    return this.db.tx(async (q) => {
      const { rows } = await q.query<GroupRow>('UPDATE gallery_groups SET name = COALESCE($2, name) WHERE id = $1 RETURNING id, token, name', [
        id,
        input.name?.trim() ?? null
      ]);
      if (!rows.length) throw notFound(`Group ${id} not found`);
      if (input.gallery_ids) await this.setMembers(q, id, input.gallery_ids);
      return this.present(q, rows[0]);
    });
  }

  /** Replaces the group's galleries (in the order given); every id must be a gallery, none twice. */
  private async setMembers(q: Queryable, groupId: number, ids: number[]): Promise<void> {
    if (new Set(ids).size !== ids.length) throw badRequest('gallery_ids must not repeat a gallery');
    const found = await q.query<{ id: number }>('SELECT id FROM galleries WHERE id = ANY($1::int[])', [ids]);
    const known = new Set(found.rows.map((r) => r.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) throw notFound(`Gallery ${missing.join(', ')} not found`);
    await q.query('DELETE FROM gallery_group_members WHERE group_id = $1', [groupId]);
    await q.query(
      `INSERT INTO gallery_group_members (group_id, gallery_id, position)
       SELECT $1, id, pos FROM unnest($2::int[]) WITH ORDINALITY AS t(id, pos)`,
      [groupId, ids]
    );
  }

  private async present(q: Queryable, g: GroupRow): Promise<OrganizerGroup> {
    const { rows } = await q.query<{ gallery_id: number }>('SELECT gallery_id FROM gallery_group_members WHERE group_id = $1 ORDER BY position', [g.id]);
    return { id: g.id, token: g.token, name: g.name, gallery_ids: rows.map((r) => r.gallery_id), url: `${this.publicUrl}/page/group/${g.token}` };
  }
}
