import crypto from 'node:crypto';

const now = () => Math.floor(Date.now() / 1000);
/** Image tickets end on an hour boundary 1–2 hours ahead, so URLs stay the same (cacheable) within an hour. */
const TICKET_STEP_S = 3600;

/**
 * `{expiry}.{mac}` tickets for `<img>` URLs (`/img/…?g={gallery}&p={ticket}`), which carry no
 * session token: bound to the gallery, signed with the server's secret. Issued once every gate
 * of the gallery is passed; they open its photos and its page's pictures.
 */
export class ImageTickets {
  private key: Buffer;

  constructor(secret: string) {
    this.key = crypto.createHmac('sha256', secret).update('gate-image-ticket').digest();
  }

  issue(galleryId: number, t = now()): string {
    const exp = (Math.floor(t / TICKET_STEP_S) + 2) * TICKET_STEP_S;
    return `${exp}.${this.mac(galleryId, exp)}`;
  }

  verify(galleryId: number, ticket: string | undefined): boolean {
    if (!ticket || ticket.length > 100) return false;
    const m = /^(\d{1,12})\.([A-Za-z0-9_-]{22})$/.exec(ticket);
    if (!m || Number(m[1]) <= now()) return false;
    const expected = Buffer.from(this.mac(galleryId, Number(m[1])));
    const got = Buffer.from(m[2]);
    return expected.length === got.length && crypto.timingSafeEqual(expected, got);
  }

  private mac(galleryId: number, exp: number): string {
    return crypto.createHmac('sha256', this.key).update(`${galleryId}:${exp}`).digest('base64url').slice(0, 22);
  }
}
