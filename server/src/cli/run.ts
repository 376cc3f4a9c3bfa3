import { loadConfig, type Config } from '../config';
import { openDb, type Db } from '../db';
import { migrate } from '../db/migrate';
import type { ObjectStore } from '../storage';
import { checkStore, createStore } from '../storage/create';

export interface CliDeps {
  config: Config;
  db: Db;
  store: ObjectStore;
}

/**
 * Run an organiser command with the server's environment: bad arguments or
 * configuration exit 2 with a one-line message; the database is opened,
 * migrated and closed around the body, whose number is the exit code.
 */
export function runCli<A>(parse: (argv: string[]) => A, body: (deps: CliDeps, args: A) => Promise<number>): void {
  const main = async (): Promise<number> => {
    let config: Config;
    let args: A;
    try {
      config = loadConfig();
      args = parse(process.argv.slice(2));
    } catch (e) {
      console.error(`Configuration error: ${(e as Error).message}`);
      return 2;
    }
    // The server's own object store: the S3 bucket when configured, else DATA_DIR/objects.
    const store = createStore(config);
    await checkStore(store);
    const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrate(db);
      return await body({ config, db, store }, args);
    } finally {
      await db.close();
    }
  };
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    }
  );
}
