import fs from 'node:fs';
import fsp from 'node:fs/promises';
import {
  S3Client,
  PutObjectCommand,
  GetObjectCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  HeadBucketCommand,
  paginateListObjectsV2,
  type S3ClientConfig
} from '@aws-sdk/client-s3';
import { checkFolder, checkKey, type ListedObject, type ObjectStore } from './index';
import type { S3Config } from '../config';

/** The S3_* settings (config.ts); the prefix is optional for direct use. */
export type S3StoreOptions = Omit<S3Config, 'prefix'> & { prefix?: string };

/** How long the start-up bucket check waits before calling the store unreachable. */
const CHECK_TIMEOUT_MS = 10_000;

type SdkError = Error & { name: string; $metadata?: { httpStatusCode?: number } };

const statusOf = (e: unknown) => (e as SdkError)?.$metadata?.httpStatusCode;

function isMissing(e: unknown): boolean {
  const name = (e as SdkError)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(e) === 404;
}

/** A prefix without leading/trailing slashes, checked like a key; '' for none. */
export function normalizePrefix(prefix: string | undefined): string {
  const p = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  if (p) checkKey(p);
  return p;
}

/**
 * Originals and uploads in an S3-compatible bucket. There is no local file, so
 * localPath() is null and readers use get(). Writes are single PutObject calls:
 * S3 never shows half an object.
 */
export class S3Store implements ObjectStore {
  readonly client: S3Client;
  readonly bucket: string;
  private prefix: string;

  constructor(opts: S3StoreOptions) {
    this.bucket = opts.bucket;
    this.prefix = normalizePrefix(opts.prefix);
    const config: S3ClientConfig = {
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // Checksums only where an operation requires them: many S3-compatible
      // servers do not understand the SDK's default checksum trailers (aws-chunked bodies).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED'
    };
    if (opts.endpoint) config.endpoint = opts.endpoint;
    this.client = new S3Client(config);
  }

  /** `s3://bucket/prefix` for logs. */
  get label(): string {
    return `s3://${this.bucket}${this.prefix ? `/${this.prefix}` : ''}`;
  }

  private objectKey(key: string): string {
    checkKey(key);
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  localPath(key: string): null {
    checkKey(key);
    return null;
  }

  async put(key: string, body: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: body, ContentLength: body.length }));
  }

  /** Streams the file up with its length, then removes it; on failure the file stays with the caller. */
  async putFile(key: string, file: string): Promise<void> {
    const Key = this.objectKey(key);
    const { size } = await fsp.stat(file);
    const stream = fs.createReadStream(file);
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: stream, ContentLength: size }));
    } finally {
      stream.destroy();
    }
    await fsp.rm(file, { force: true });
  }

  async get(key: string): Promise<Buffer | null> {
    const Key = this.objectKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      if (!res.Body) return Buffer.alloc(0);
      const bytes = await res.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  /** S3 answers 204 for a missing key too; a 404 from a stricter server is fine as well. */
  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  /** ListObjectsV2, page by page; keys come back without the store's prefix. */
  async *list(prefix: string): AsyncIterable<ListedObject> {
    checkFolder(prefix);
    const own = this.prefix ? `${this.prefix}/` : '';
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: `${own}${prefix}` })) {
      for (const o of page.Contents ?? []) {
        // S3 always sends LastModified; an object without one is never taken for old.
        if (!o.Key?.startsWith(own) || !o.LastModified) continue;
        yield { key: o.Key.slice(own.length), modifiedMs: o.LastModified.getTime() };
      }
    }
  }

  /** HeadBucket at start: throws an error whose message says what to fix. */
  async checkBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    } catch (e) {
      const status = statusOf(e);
      const where = `bucket "${this.bucket}"`;
      if (status === 404) throw new Error(`${where} does not exist (check S3_BUCKET and S3_ENDPOINT)`);
      if (status === 401 || status === 403) throw new Error(`${where}: access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)`);
      if (status === 301) throw new Error(`${where} is in another region (check S3_REGION)`);
      const reason = (e as Error).name === 'AbortError' || (e as Error).name === 'TimeoutError' ? `no answer within ${CHECK_TIMEOUT_MS / 1000} s` : (e as Error).message || (e as Error).name;
      throw new Error(`${where} is not reachable: ${status ? `HTTP ${status}` : reason} (check S3_ENDPOINT)`);
    }
  }

  close(): void {
    this.client.destroy();
  }
}
