/**
 * Red packet upkeep from the command line (the server also runs it every 15 s):
 *   npm run redpackets -- sweep    announce due target-time packets, refund leftovers of packets
 *                                  posted over 24 hours ago, send or look up payouts due
 * Uses the server's configuration (DATABASE_URL or DATA_DIR's PGlite, REDIS_URL, WECHAT_PAY_*).
 * Safe beside running servers: every step claims its rows first.
 */
import { loadConfig } from '../config';
import { openDb } from '../db';
import { migrate } from '../db/migrate';
import { createStore } from '../storage/create';
import { createProviders } from '../providers';
import { createServices } from '../services';
import { InProcessBus } from '../live/bus';
import { createBus } from '../live';

export const USAGE = 'usage: npm run redpackets -- sweep';

async function main(argv: string[]): Promise<number> {
  if (argv[0] !== 'sweep') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Announcements must reach the servers' sockets: through Redis when the servers share it.
  const bus = config.redisUrl ? await createBus(config) : new InProcessBus();
  try {
    await migrate(db);
    const services = createServices({
      config, db, store: createStore(config), bus, providers: createProviders(config, (line) => console.log(line)),
      warn: (msg, err) => console.warn(`${msg}${err ? `: ${(err as Error).message ?? err}` : ''}`)
    });
    const report = await services.redPacketSweeper.sweep();
    console.log(
      `announced ${report.announced}, refunded ${report.refunded} packet(s) and ${report.orders_refunded} unsent order(s) (${(report.refunded_cents / 100).toFixed(2)} yuan), ` +
        `${report.refunds_pending} refund(s) pending, ${report.payouts} payout(s) looked at`
    );
    await services.redPacketGrabber.close();
    return report.refunds_pending ? 1 : 0;
  } finally {
    await bus.close();
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  }
);
