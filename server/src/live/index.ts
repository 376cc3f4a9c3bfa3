import type { Config } from '../config';
import { InProcessBus, type LiveBus } from './bus';
import { RedisBus, type RedisBusOptions } from './redis-bus';

export { InProcessBus, livePublisher, type LiveBus, type LivePublisher } from './bus';
export { RedisBus, LIVE_CHANNEL } from './redis-bus';

/** Redis pub/sub when REDIS_URL is set (several processes behind one address), in-process otherwise. */
export async function createBus(config: Pick<Config, 'redisUrl'>, opts: RedisBusOptions = {}): Promise<LiveBus> {
  if (config.redisUrl) return RedisBus.connect(config.redisUrl, opts);
  return new InProcessBus();
}
