import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import type { Viewer } from '../../viewer';
import type { OrganizerAccess } from '../session/organizer';
import type { Content } from '../../../../types/api/content';
import { storeContent } from './repository';

/**
 * Rich content blocks by hash (contentCalls). Organisers store HTML, cleaned to the allow-list
 * (sanitize.ts) before it is hashed and stored, so what is stored is what every client gets.
 * A visitor gets a content only while some gallery's page names its hash (like a banner image:
 * the hash is unguessable and pages behind a gate do not reveal their pagedata).
 */
export class ContentService {
  constructor(
    private db: Db,
    private access: OrganizerAccess
  ) {}

  async create(v: Viewer, html: string): Promise<Content> {
    this.access.assert(v);
    const stored = await storeContent(this.db, html);
    if (!stored) throw badRequest('html has no content left after cleaning (only allow-listed tags are kept)');
    return stored;
  }

  async get(_v: Viewer, hash: string): Promise<Content> {
    const { rows } = await this.db.query<{ html: string }>(
      `SELECT html FROM contents c WHERE c.hash = $1
         AND EXISTS (SELECT 1 FROM galleries g WHERE strpos(COALESCE(g.pagedata::text, ''), $1) > 0)`,
      [hash]
    );
    if (!rows.length) throw notFound('Content not found');
    return { hash, html: rows[0].html };
  }
}
