import crypto from 'node:crypto';
import { forbidden, unauthorized } from '../../errors';
import type { Viewer } from '../../viewer';

/**
 * Organiser rights: the configured ORGANIZER_TOKEN as bearer token, never a
 * visitor session (compared in constant time). Every organiser service method
 * starts with `assert(viewer)`.
 */
export class OrganizerAccess {
  constructor(private expected: string | null) {}

  assert(v: Viewer): void {
    if (!this.expected) throw forbidden('Organiser API is disabled: set ORGANIZER_TOKEN');
    if (!v.token) throw unauthorized('Organiser token required');
    const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
    if (!crypto.timingSafeEqual(digest(v.token), digest(this.expected))) throw forbidden('Invalid organiser token');
  }
}
