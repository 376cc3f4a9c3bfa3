import { loadConfig } from './config';
import { openDb } from './db';
import { createStore, checkStore, storeLabel } from './storage/create';
import { buildApp } from './app';
import { seedDemo } from './demo/demo';
import { createBus } from './live';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error(`Configuration error: ${(e as Error).message}`);
    process.exit(2);
  }
  let bus;
  try {
    bus = await createBus(config);
  } catch (e) {
    console.error(`Live bus error: ${(e as Error).message} (check REDIS_URL, or leave it empty for one process)`);
    process.exit(1);
  }
  const store = createStore(config);
  try {
    await checkStore(store);
  } catch (e) {
    console.error(`Object store error: ${(e as Error).message}`);
    process.exit(1);
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { app, services: ctx } = await buildApp({
    config,
    db,
    store,
    bus,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        // Log paths only: query strings may carry codes or passwords.
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split('?')[0] })
      }
    }
  });
  let demoLink: string | null = null;
  if (config.seedDemo) {
    demoLink = await seedDemo({ ...ctx, db }, { log: (m) => app.log.info(m) });
    // The demo's face gallery is indexed in the background from now on.
    await ctx.faceIndexer.enqueueMissing().catch((err) => app.log.warn({ err }, 'queueing demo photos for face indexing failed'));
    // ... and the race gallery's photos are read by OCR (its page has a formocr box).
    await ctx.ocrIndexer.enqueueMissing().catch((err) => app.log.warn({ err }, 'queueing demo photos for OCR failed'));
  }
  await app.listen({ port: config.port, host: config.host });
  const base = config.publicUrl;
  console.log(`Server listening on ${base} (database: ${db.kind}, live bus: ${bus.kind}, store: ${storeLabel(store)}, data: ${config.dataDir})`);
  if (demoLink) {
    console.log('Demo event:');
    console.log(`${base}/g/${demoLink}`);
  }
  const stop = async () => {
    await app.close();
    await bus.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
