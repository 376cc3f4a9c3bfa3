import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * Object store for originals and uploads. Local folder by default; an
 * S3-compatible bucket (storage/s3.ts) when S3_BUCKET is set (storage/create.ts).
 */
export interface ObjectStore {
  put(key: string, body: Buffer): Promise<void>;
  /** Store a finished local file under `key`; the file is moved (or copied, then removed). */
  putFile(key: string, file: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Remove an object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** A local file path when the store is a folder (lets sharp read without a copy). */
  localPath(key: string): string | null;
  /** Every object under a folder (`prefix` ends with '/'), with its last write time; in no particular order. */
  list(prefix: string): AsyncIterable<ListedObject>;
}

export interface ListedObject {
  key: string;
  /** Last write, Unix milliseconds. */
  modifiedMs: number;
}

/** A folder prefix for list(): a valid key ending with '/'. */
export function checkFolder(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`Not a folder prefix: ${prefix}`);
  checkKey(prefix.slice(0, -1));
}

/** Letters, digits, `.`, `_`, `-` and `/`; never ending in `/` (a folder, not an object). */
const KEY_RE = /^[A-Za-z0-9](?:[A-Za-z0-9._\-/]{0,299}[A-Za-z0-9._\-])?$/;

export function checkKey(key: string): void {
  if (!KEY_RE.test(key) || key.includes('..') || key.includes('//')) throw new Error(`Invalid object key: ${key}`);
}

/**
 * A key the local store cannot hold because it clashes with another as file and folder:
 * `K` exists and `K/x` is written, or `K/x` exists and `K` is written. (A bucket has no
 * folders, so S3Store never throws it.)
 */
export class ObjectKeyConflict extends Error {
  constructor(public readonly key: string) {
    super(`Object key ${key} clashes with a stored object's folder`);
  }
}

/** Errors of reading a key that names a folder, or that runs through a file: no such object. */
const NOT_AN_OBJECT = new Set(['ENOENT', 'EISDIR', 'ENOTDIR']);
const codeOf = (e: unknown) => (e as NodeJS.ErrnoException).code ?? '';

export class LocalStore implements ObjectStore {
  constructor(private root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  localPath(key: string): string {
    checkKey(key);
    return path.join(this.root, key);
  }

  /** Written to a temporary file and renamed, so a reader never sees half an object. */
  async put(key: string, body: Buffer): Promise<void> {
    const file = await this.prepare(key);
    const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    await fsp.writeFile(tmp, body);
    await this.place(key, tmp, file);
  }

  /** A rename when the file is on the same filesystem, else a copy to a temporary name and a rename. */
  async putFile(key: string, src: string): Promise<void> {
    const file = await this.prepare(key);
    try {
      await this.place(key, src, file);
      return;
    } catch (e) {
      if (codeOf(e) !== 'EXDEV') throw e;
    }
    const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    await fsp.copyFile(src, tmp);
    await this.place(key, tmp, file);
    await fsp.rm(src, { force: true });
  }

  /** The key's file path, its folders made; ObjectKeyConflict when one of them is an object. */
  private async prepare(key: string): Promise<string> {
    const file = this.localPath(key);
    try {
      await fsp.mkdir(path.dirname(file), { recursive: true });
    } catch (e) {
      if (codeOf(e) === 'EEXIST' || codeOf(e) === 'ENOTDIR') throw new ObjectKeyConflict(key);
      throw e;
    }
    return file;
  }

  /** Rename a finished file into place; ObjectKeyConflict (and the file removed) when the key is a folder of objects. */
  private async place(key: string, from: string, file: string): Promise<void> {
    try {
      await fsp.rename(from, file);
    } catch (e) {
      if (codeOf(e) !== 'EISDIR' && codeOf(e) !== 'ENOTEMPTY' && codeOf(e) !== 'ENOTDIR') throw e;
      await fsp.rm(from, { force: true });
      throw new ObjectKeyConflict(key);
    }
  }

  /** Objects are files: unlink (fs.rm's option checks cost more than the delete). A folder is no object: nothing to delete. */
  async delete(key: string): Promise<void> {
    const file = this.localPath(key);
    try {
      await fsp.unlink(file);
    } catch (e) {
      if (NOT_AN_OBJECT.has(codeOf(e))) return;
      // Some systems answer EPERM for unlinking a folder.
      if (codeOf(e) === 'EPERM' && (await fsp.stat(file).catch(() => null))?.isDirectory()) return;
      throw e;
    }
  }

  /** The object's bytes; null when there is none (also when the key names a folder). */
  async get(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.localPath(key));
    } catch (e) {
      if (NOT_AN_OBJECT.has(codeOf(e))) return null;
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fsp.stat(this.localPath(key))).isFile();
    } catch {
      return false;
    }
  }

  /** Files under the folder, depth first; a missing folder lists nothing. */
  async *list(prefix: string): AsyncIterable<ListedObject> {
    checkFolder(prefix);
    const walk = async function* (dir: string, keyPrefix: string): AsyncGenerator<ListedObject> {
      const entries = await fsp.readdir(dir, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT' || e.code === 'ENOTDIR') return [];
        throw e;
      });
      for (const entry of entries) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          yield* walk(file, `${keyPrefix}${entry.name}/`);
        } else if (entry.isFile()) {
          const st = await fsp.stat(file).catch(() => null);
          if (st) yield { key: `${keyPrefix}${entry.name}`, modifiedMs: st.mtimeMs };
        }
      }
    };
    yield* walk(path.join(this.root, prefix), prefix);
  }
}

/** Key of an image original by content hash. */
export const originalKey = (hash: string) => `originals/${hash.slice(0, 2)}/${hash}`;
