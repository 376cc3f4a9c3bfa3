import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ObjectKeyConflict, type ObjectStore } from './index';
import { checkSize, malformedPost, policyError, verifyPolicy } from './policy';
import { asInputError, type AppError } from '../errors';

/** The form of one PostObject: its text fields (those before the file) and the file stream. */
export interface PostObjectForm {
  fields: Record<string, string>;
  file: Readable | null;
}

export interface StoredObject {
  key: string;
  size: number;
  /** Quoted uppercase hex MD5, as OSS sends in ETag. */
  etag: string;
}

/**
 * The chunks of an uploaded file as they arrive. The stream's own errors (busboy's: the
 * body ended early or a part is malformed) become `refuse()`, the client's error; errors
 * of the code that consumes the chunks stay what they are.
 */
export async function* fileChunks(file: Readable, refuse: () => AppError): AsyncGenerator<Buffer> {
  const chunks = (file as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Buffer>;
    try {
      next = await chunks.next();
    } catch (e) {
      throw asInputError(e, refuse);
    }
    if (next.done) return;
    yield next.value;
  }
}

/**
 * Read a refused file to its end, so the uploader gets the answer. `finished` also settles
 * for a stream that already failed (a body cut off inside the file: busboy destroys the
 * file stream before the route sees it, and no further event comes).
 */
async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream).catch(() => undefined);
}

/**
 * What the local OSS host does with one PostObject: verify the policy before a
 * byte is written, stream the file to a temporary file while counting (an
 * oversize file stops being written the moment it passes the limit), check the
 * size, then move the finished file under its key. On any failure nothing is
 * stored and the request body is read to its end, so the uploader gets the answer.
 */
export async function receivePostObject(opts: { secret: string; tmpDir: string; store: ObjectStore; form: PostObjectForm }): Promise<StoredObject> {
  const { form } = opts;
  let verified;
  try {
    verified = verifyPolicy(opts.secret, form.fields);
    if (!form.file) throw policyError('InvalidArgument', 'Missing form field: file');
  } catch (e) {
    if (form.file) await drain(form.file);
    throw e;
  }

  const tmp = path.join(opts.tmpDir, `${crypto.randomBytes(12).toString('hex')}.part`);
  const md5 = crypto.createHash('md5');
  let size = 0;
  let out: fs.WriteStream | null = fs.createWriteStream(tmp, { flags: 'wx' });
  try {
    // Opened before anything else: a removal below can never run ahead of the file's creation.
    await once(out, 'open');
    for await (const chunk of fileChunks(form.file as Readable, malformedPost)) {
      size += chunk.length;
      if (!out) continue;
      if (size > verified.maxBytes) {
        // Over the limit: stop writing and forget what was written; keep reading to the end.
        out.destroy();
        out = null;
        await fsp.rm(tmp, { force: true });
        continue;
      }
      md5.update(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    if (out) {
      out.end();
      await once(out, 'finish');
    }
    checkSize(verified, size);
    try {
      await opts.store.putFile(verified.key, tmp);
    } catch (e) {
      // The local store keeps objects as files: `K` and `K/x` cannot both exist.
      if (e instanceof ObjectKeyConflict) throw policyError('InvalidObjectName', 'The specified object is not valid: its key clashes with a folder of stored objects.');
      throw e;
    }
    return { key: verified.key, size, etag: `"${md5.digest('hex').toUpperCase()}"` };
  } finally {
    out?.destroy();
    await fsp.rm(tmp, { force: true });
  }
}
