import path from 'node:path';
import type { Config } from '../config';
import { LocalStore, type ObjectStore } from './index';
import { S3Store } from './s3';

/** The configured object store: the S3 bucket when S3_BUCKET is set, else DATA_DIR/objects. */
export function createStore(config: Pick<Config, 'dataDir' | 's3'>): ObjectStore {
  if (!config.s3) return new LocalStore(path.join(config.dataDir, 'objects'));
  return new S3Store(config.s3);
}

/** `s3://bucket[/prefix]` or `local`, for the start line. */
export function storeLabel(store: ObjectStore): string {
  return store instanceof S3Store ? store.label : 'local';
}

/** Fails with a message saying what to fix when the bucket cannot be used (a local folder always can). */
export async function checkStore(store: ObjectStore): Promise<void> {
  if (store instanceof S3Store) await store.checkBucket();
}
