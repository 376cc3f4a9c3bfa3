import Taro from '@tarojs/taro';
import type { Envelope } from '../../types/envelope';
import { apiBase, clientHeaders } from '../platform/env';
import { authHeader } from './credentials';

export const RETRY_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 300;

/** A non-ok answer: HTTP status, envelope code and the body (spec part 3 §8). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: number,
    public readonly body: unknown,
    message: string
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST';

/**
 * One request over Taro.request: adds the token, unwraps `{code, data, msg}`.
 * 401 is logged silently (the session layer re-creates the session); any other
 * non-ok answer throws an ApiError with status and body.
 */
export async function request<T>(method: Method, path: string, params?: Record<string, unknown>): Promise<T> {
  const res = await Taro.request<Envelope<T>>({
    url: `${apiBase()}${path}`,
    method,
    data: params,
    header: {
      ...authHeader(),
      ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
      ...clientHeaders()
    },
    dataType: 'json'
  });
  return unwrap<T>(method, path, res.statusCode, res.data);
}

/** An answer's data, or the ApiError its status and `{code, msg}` stand for. */
export function unwrap<T>(method: Method, path: string, statusCode: number, data: unknown): T {
  const body = data as Envelope<T> | undefined;
  const code = body && typeof body === 'object' ? body.code : statusCode;
  if (statusCode === 401 || code === 401) {
    console.info(`401 ${method} ${path}`);
    throw new ApiError(401, 401, body, body?.msg ?? 'Unauthorized');
  }
  if (statusCode < 200 || statusCode >= 300 || code !== 200) {
    throw new ApiError(statusCode, code ?? statusCode, body, `${statusCode} ${body?.msg ?? JSON.stringify(body)}`);
  }
  return body!.data;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retry helper (spec part 1 §7): three attempts, 300 ms apart; answers of the server (4xx, or 2xx with an error code) are not retried. */
export async function withRetry<T>(fn: () => Promise<T>, attempts = RETRY_ATTEMPTS, delayMs = RETRY_DELAY_MS): Promise<T> {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await fn();
    } catch (e) {
      last = e;
      // The server answered (a 4xx, or an envelope with another code such as 200302): asking again changes nothing.
      if (e instanceof ApiError && e.status >= 200 && e.status < 500) throw e;
      if (i < attempts - 1) await sleep(delayMs);
    }
  }
  throw last;
}

export const get = <T>(path: string, params?: Record<string, unknown>) => withRetry(() => request<T>('GET', path, params));
export const post = <T>(path: string, body?: Record<string, unknown>) => request<T>('POST', path, body);
