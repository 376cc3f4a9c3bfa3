import Redis from 'ioredis';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { LivePublisher } from '../../live/bus';
import type { PayoutProvider } from '../../providers/payout';
import type { GalleryService } from '../gallery/gallery';
import type { GateAccess } from '../gates/gateAccess';
import type { OrderBook } from '../pay/orders';
import type { RateLimiter } from '../shared/rateLimit';
import { RedisGrabber, SqlGrabber, type Grabber } from './grab';
import { recordWin } from './ledger';
import { PayoutService } from './payouts';
import { RedPacketPhoneService } from './phone';
import { RedPacketService } from './redpackets';
import { RedPacketSweeper } from './sweeper';

export interface RedPacketDeps {
  db: Db;
  config: Pick<Config, 'redisUrl'>;
  galleries: GalleryService;
  gates: GateAccess;
  orders: OrderBook;
  limits: RateLimiter;
  live: LivePublisher;
  payout: PayoutProvider;
  clock: () => number;
  warn: (msg: string, err?: unknown) => void;
}

/** The red packet services, wired once (services/index.ts). The grabber's Redis connection is closed by buildApp. */
export function createRedPackets(d: RedPacketDeps) {
  const record = recordWin(() => d.payout.name, d.clock);
  let grabber: Grabber;
  if (d.config.redisUrl) {
    const redis = new Redis(d.config.redisUrl, { maxRetriesPerRequest: 3, enableAutoPipelining: true });
    let last = '';
    // ioredis reconnects by itself; one warning per kind of error (a grab meanwhile fails with 500 and can be repeated).
    redis.on('error', (e: Error) => {
      if (e.message !== last) d.warn(`red packets: Redis error: ${e.message}`);
      last = e.message;
    });
    grabber = new RedisGrabber(d.db, redis, record, d.clock);
  } else {
    grabber = new SqlGrabber(d.db, record);
  }
  const payouts = new PayoutService(d.db, d.payout, d.clock, d.warn);
  const service = new RedPacketService(d.db, d.galleries, d.gates, d.orders, d.limits, d.live, grabber, payouts, d.clock, d.warn);
  const sweeper = new RedPacketSweeper(d.db, d.orders, grabber, payouts, (p) => service.announce(p), d.clock, d.warn);
  const phones = new RedPacketPhoneService(d.db, d.galleries, d.gates, d.clock);
  return { service, sweeper, payouts, grabber, phones };
}
