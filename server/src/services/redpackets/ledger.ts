import crypto from 'node:crypto';
import type { RedPacket, RedPacketStatus } from '../../../../types/api/redpackets';
import type { GrabPacket, RecordWin } from './grab';

/** A red_packets row. */
export interface PacketRow {
  id: number;
  gallery_id: number;
  user_id: number | null;
  order_id: number;
  trade_no: string;
  type: 'luck' | 'normal';
  amount_cents: number;
  number: number;
  goted: number;
  got_cents: number;
  content: string;
  nickname: string;
  photo: string;
  access_type: 'limit' | 'other';
  posttype: 'now' | 'target';
  posttime: number;
  notice: string;
  noticestep: number;
  announced: boolean;
  expires_at: number;
  refund_state: 'pending' | 'done' | 'none' | null;
  refund_no: string | null;
  refund_cents: number;
  created_at: number;
}

/** A packet's status for everyone (the viewer's own share makes it 'done' on top of this). */
export function packetStatus(p: PacketRow, now: number): Exclude<RedPacketStatus, 'done'> {
  if (p.refund_state !== null || now >= p.expires_at) return 'close';
  if (p.goted >= p.number) return 'end';
  if (now < p.posttime) return 'wait';
  return 'open';
}

export function presentPacket(p: PacketRow, now: number, mine: number | null): RedPacket {
  return {
    id: p.id,
    galleryid: p.gallery_id,
    amount: p.amount_cents,
    number: p.number,
    goted: p.goted,
    type: p.type,
    nickname: p.nickname,
    photo: p.photo,
    posttype: p.posttype,
    posttime: p.posttime,
    notice: p.notice,
    noticestep: p.noticestep,
    access_type: p.access_type,
    status: mine !== null ? 'done' : packetStatus(p, now),
    content: p.content,
    postname: p.nickname,
    postphoto: p.photo,
    createtime: p.created_at,
    expires_at: p.expires_at,
    my_amount: mine
  };
}

export const grabPacket = (p: PacketRow): GrabPacket => ({ id: p.id, trade_no: p.trade_no, expires_at: p.expires_at });

/** A payout's numbers: letters and digits, 27 characters (WeChat takes 5 to 32), random so no two databases share one. */
const payoutNo = (prefix: string) => `${prefix}${crypto.randomBytes(12).toString('hex')}`;

/**
 * The ledger's side of a won share, in the grab's transaction: the share turns taken (only while
 * free), the packet's counters move (its CHECKs refuse more shares or money than it has), and the
 * winner's payout is recorded as pending with its transfer numbers fixed once.
 */
export function recordWin(provider: () => string, clock: () => number): RecordWin {
  return async (q, packet, seq, user) => {
    const t = clock();
    const { rows } = await q.query<{ amount_cents: number }>(
      `UPDATE red_packet_shares SET state = 'taken', user_id = $3, taken_at = $4
       WHERE packet_id = $1 AND seq = $2 AND state = 'free' RETURNING amount_cents`,
      [packet.id, seq, user.id, t]
    );
    if (!rows.length) return null;
    const amount = rows[0].amount_cents;
    await q.query('UPDATE red_packets SET goted = goted + 1, got_cents = got_cents + $2 WHERE id = $1', [packet.id, amount]);
    await q.query(
      `INSERT INTO red_packet_payouts (packet_id, seq, user_id, openid, amount_cents, provider, out_batch_no, out_detail_no, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [packet.id, seq, user.id, user.openid, amount, provider(), payoutNo('RPB'), payoutNo('RPD'), t]
    );
    return { amount };
  };
}
