import type { Db } from '../../db';
import type { PayoutProvider, PayoutRequest, PayoutResult } from '../../providers/payout';

export interface PayoutRow {
  id: number;
  packet_id: number;
  seq: number;
  user_id: number | null;
  openid: string;
  amount_cents: number;
  provider: string;
  out_batch_no: string;
  out_detail_no: string;
  state: 'pending' | 'processing' | 'success' | 'failed';
  attempts: number;
  locked_until: number | null;
  next_try_at: number;
  last_error: string | null;
}

/** How long one process may talk to the provider about a payout before another may take it over. */
const LEASE_S = 60;
/** Waits before the next try after an error or a 'processing' answer: 1 min, 2, 4 … at most an hour. */
const backoff = (attempts: number) => Math.min(3600, 60 * 2 ** Math.max(0, attempts - 1));
/** Payouts looked at per sweep. */
const BATCH = 50;
/** The remark on the winner's wallet entry (WeChat keeps 32 characters). */
const REMARK = 'Red packet · 红包';

const request = (p: PayoutRow): PayoutRequest => ({
  out_batch_no: p.out_batch_no,
  out_detail_no: p.out_detail_no,
  openid: p.openid,
  amount_cents: p.amount_cents,
  remark: REMARK
});

/**
 * Payouts of won shares to the winners' wallets. A payout row is made in the grab's transaction
 * (pending, its out_batch_no / out_detail_no fixed then). Sending takes a lease on the row, so one
 * process at a time talks to the provider about it; a payout tried before is first looked up
 * with the provider (status) and sent again only when the provider never accepted it, always
 * under the same numbers, so a retry can never pay twice. Final states: success, failed.
 */
export class PayoutService {
  constructor(
    private db: Db,
    private provider: PayoutProvider,
    private clock: () => number,
    private warn: (msg: string, err?: unknown) => void = () => undefined
  ) {}

  /** After a grab commits: try the payout now, in the background (the sweep retries what this misses). */
  kick(packetId: number, seq: number): void {
    void this.db
      .query<{ id: number }>('SELECT id FROM red_packet_payouts WHERE packet_id = $1 AND seq = $2', [packetId, seq])
      .then(({ rows }) => (rows[0] ? this.process(rows[0].id) : null))
      .catch((e) => this.warn('red packet payout failed', e));
  }

  /** One payout: take the lease, ask or send, record the answer. Returns the state after, or null when another process holds it or it is final. */
  async process(id: number): Promise<PayoutRow['state'] | null> {
    const now = this.clock();
    const { rows } = await this.db.query<PayoutRow>(
      `UPDATE red_packet_payouts SET locked_until = $2, attempts = attempts + 1, updated_at = $3
       WHERE id = $1 AND state IN ('pending', 'processing') AND (locked_until IS NULL OR locked_until < $3)
       RETURNING *`,
      [id, now + LEASE_S, now]
    );
    const p = rows[0];
    if (!p) return null;
    let result: PayoutResult;
    try {
      // Tried before (or accepted and still moving): what does the provider know? Only an unknown transfer is sent (again).
      const known = p.attempts > 1 || p.state === 'processing' ? await this.provider.status(request(p)) : null;
      result = known ?? (await this.provider.send(request(p)));
    } catch (e) {
      await this.db.query(
        `UPDATE red_packet_payouts SET locked_until = NULL, last_error = $2, next_try_at = $3, updated_at = $4 WHERE id = $1`,
        [p.id, String((e as Error).message ?? e).slice(0, 500), this.clock() + backoff(p.attempts), this.clock()]
      );
      this.warn(`red packet payout ${p.out_detail_no} failed, will retry`, e);
      return 'pending';
    }
    const t = this.clock();
    await this.db.query(
      `UPDATE red_packet_payouts SET state = $2, locked_until = NULL, last_error = $3, next_try_at = $4, updated_at = $5 WHERE id = $1`,
      [p.id, result.state, result.reason ?? null, result.state === 'processing' ? t + backoff(p.attempts) : 0, t]
    );
    return result.state;
  }

  /** Every payout due (pending or processing, its next try reached), oldest first; returns how many were looked at. */
  async processDue(now = this.clock()): Promise<number> {
    const { rows } = await this.db.query<{ id: number }>(
      `SELECT id FROM red_packet_payouts WHERE state IN ('pending', 'processing') AND next_try_at <= $1
         AND (locked_until IS NULL OR locked_until < $1) ORDER BY id LIMIT $2`,
      [now, BATCH]
    );
    for (const r of rows) await this.process(r.id).catch((e) => this.warn('red packet payout failed', e));
    return rows.length;
  }
}
