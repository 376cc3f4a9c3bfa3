import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors';
import { checkKey } from './index';

/**
 * Signed upload policies with Aliyun OSS PostObject (V1) semantics: the server
 * signs a policy (base64 JSON of an expiration and conditions) with HMAC-SHA1,
 * the uploader posts it with the file, and the storage host checks both before
 * it keeps a single byte. The local host (routes/upload.ts) enforces exactly
 * what OSS would.
 */

/** The access key id of the local host (OSS would name a RAM key here). */
export const UPLOAD_ACCESS_ID = 'local';
/** A signed policy stays valid this long. */
export const UPLOAD_POLICY_TTL_S = 300;
/** File name, under the data folder, of the generated secret when UPLOAD_SECRET is not set. */
export const UPLOAD_SECRET_FILE = 'upload-secret';

export type PolicyCondition = [string, ...unknown[]] | Record<string, unknown>;

export interface PolicyDocument {
  expiration: string;
  conditions: PolicyCondition[];
}

export interface SignedPolicy {
  accessid: string;
  policy: string;
  signature: string;
  /** Unix seconds. */
  expire: number;
  dir: string;
}

/** OSS error codes, carried in the envelope's data so uploaders can tell the failures apart. */
export type PolicyErrorCode =
  | 'InvalidArgument'
  | 'InvalidAccessKeyId'
  | 'SignatureDoesNotMatch'
  | 'InvalidPolicyDocument'
  | 'AccessDenied'
  | 'InvalidObjectName'
  | 'EntityTooLarge'
  | 'EntityTooSmall'
  | 'MalformedPOSTRequest';

const STATUS: Record<PolicyErrorCode, 400 | 403> = {
  InvalidArgument: 400,
  InvalidAccessKeyId: 403,
  SignatureDoesNotMatch: 403,
  InvalidPolicyDocument: 400,
  AccessDenied: 403,
  InvalidObjectName: 400,
  EntityTooLarge: 400,
  EntityTooSmall: 400,
  MalformedPOSTRequest: 400
};

/** What OSS answers for a body that is not well-formed multipart/form-data (truncated, no boundary, a broken part). */
export const malformedPost = () => policyError('MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');

/** A rejected upload: HTTP 400 or 403 as OSS answers, envelope data `{ error: <OSS code> }`. */
export function policyError(error: PolicyErrorCode, msg: string): AppError {
  const status = STATUS[error];
  return new AppError(status, msg, { error }, status);
}

/** The fields every PostObject must carry, in the order they are checked. */
export const REQUIRED_FIELDS = ['key', 'OSSAccessKeyId', 'policy', 'Signature'] as const;

export function signString(secret: string, policyBase64: string): string {
  return crypto.createHmac('sha1', secret).update(policyBase64).digest('base64');
}

/** A policy for keys under `dir`, files of 1..maxBytes bytes, valid until `expire` (Unix s). */
export function signPolicy(secret: string, opts: { dir: string; maxBytes: number; expire: number; minBytes?: number }): SignedPolicy {
  const doc: PolicyDocument = {
    expiration: new Date(opts.expire * 1000).toISOString(),
    conditions: [
      ['starts-with', '$key', opts.dir],
      ['content-length-range', opts.minBytes ?? 1, opts.maxBytes]
    ]
  };
  const policy = Buffer.from(JSON.stringify(doc)).toString('base64');
  return { accessid: UPLOAD_ACCESS_ID, policy, signature: signString(secret, policy), expire: opts.expire, dir: opts.dir };
}

/** Equal-length digests first, so the comparison takes the same time whatever the input. */
function sameSignature(a: string, b: string): boolean {
  const da = crypto.createHash('sha256').update(a).digest();
  const db = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(da, db) && a.length === b.length;
}

function parseDocument(policyBase64: string): PolicyDocument {
  let doc: unknown;
  try {
    doc = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8'));
  } catch {
    throw policyError('InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const d = doc as Partial<PolicyDocument> | null;
  if (!d || typeof d.expiration !== 'string' || !Array.isArray(d.conditions)) {
    throw policyError('InvalidPolicyDocument', 'Invalid Policy: expiration and conditions are required.');
  }
  return d as PolicyDocument;
}

/** What a verified policy still requires of the file once its size is known. */
export interface VerifiedUpload {
  key: string;
  minBytes: number;
  maxBytes: number;
}

/**
 * Every check that does not need the file, in order: missing field, access id,
 * signature, expiry, key. Form field names are matched case-insensitively, as OSS does.
 */
export function verifyPolicy(secret: string, fields: Record<string, string>, nowS = Math.floor(Date.now() / 1000)): VerifiedUpload {
  const lower: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) lower[k.toLowerCase()] = v;
  for (const name of REQUIRED_FIELDS) {
    if (!lower[name.toLowerCase()]) throw policyError('InvalidArgument', `Missing form field: ${name}`);
  }
  if (lower.ossaccesskeyid !== UPLOAD_ACCESS_ID) throw policyError('InvalidAccessKeyId', 'The OSS Access Key Id you provided does not exist in our records.');
  if (!sameSignature(signString(secret, lower.policy), lower.signature)) {
    throw policyError('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
  const doc = parseDocument(lower.policy);
  const expiration = Date.parse(doc.expiration);
  if (!Number.isFinite(expiration)) throw policyError('InvalidPolicyDocument', 'Invalid Policy: Invalid expiration.');
  if (expiration <= nowS * 1000) throw policyError('AccessDenied', 'Invalid according to Policy: Policy expired.');

  const key = lower.key;
  let prefix: string | null = null;
  let minBytes = 0;
  let maxBytes = Number.MAX_SAFE_INTEGER;
  for (const c of doc.conditions) {
    if (Array.isArray(c)) {
      const [op, a, b] = c;
      if (op === 'starts-with' && a === '$key' && typeof b === 'string') prefix = b;
      else if (op === 'content-length-range' && Number.isInteger(a) && Number.isInteger(b)) [minBytes, maxBytes] = [a as number, b as number];
      else if (op === 'eq' && typeof a === 'string' && a.startsWith('$')) {
        if (lower[a.slice(1).toLowerCase()] !== String(b)) throw policyError('AccessDenied', `Invalid according to Policy: Policy Condition failed: ["eq", "${a}", "${b}"]`);
      } else throw policyError('InvalidPolicyDocument', `Invalid Policy: Unknown condition ${JSON.stringify(c)}.`);
    } else if (c && typeof c === 'object') {
      // {"bucket": …} names the one local bucket; other fields must equal the form's.
      for (const [name, value] of Object.entries(c)) {
        if (name !== 'bucket' && lower[name.toLowerCase()] !== String(value)) {
          throw policyError('AccessDenied', `Invalid according to Policy: Policy Condition failed: {"${name}": "${value}"}`);
        }
      }
    }
  }
  // Our policies always restrict the key; one that does not is not ours.
  if (prefix === null) throw policyError('InvalidPolicyDocument', 'Invalid Policy: no starts-with condition on $key.');
  // As OSS answers: a key outside the signed prefix is AccessDenied, a name it cannot hold InvalidObjectName.
  if (!key.startsWith(prefix)) {
    throw policyError('AccessDenied', `Invalid according to Policy: Policy Condition failed: ["starts-with", "$key", "${prefix}"]`);
  }
  if (key.startsWith('/') || key.includes('..') || !validKey(key)) throw policyError('InvalidObjectName', 'The specified object is not valid.');
  return { key, minBytes, maxBytes };
}

function validKey(key: string): boolean {
  try {
    checkKey(key);
    return true;
  } catch {
    return false;
  }
}

/** The last check, once the whole file has been counted. */
export function checkSize(v: VerifiedUpload, size: number): void {
  if (size > v.maxBytes) throw policyError('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
  if (size < v.minBytes) throw policyError('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size.');
}

/**
 * UPLOAD_SECRET, or a secret generated at first start and kept in the data folder
 * so signatures survive a restart. Processes that share one database but not one
 * data folder must all set the same UPLOAD_SECRET.
 */
export function resolveUploadSecret(config: { uploadSecret: string | null; dataDir: string }): string {
  if (config.uploadSecret) return config.uploadSecret;
  const file = path.join(config.dataDir, UPLOAD_SECRET_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written whole under a temporary name, then linked: of two processes starting
    // together one wins, and the other reads the winner's complete secret.
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, crypto.randomBytes(32).toString('base64url'), { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (!secret) throw new Error(`${file} is empty: delete it or set UPLOAD_SECRET`);
  return secret;
}
