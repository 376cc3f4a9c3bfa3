import type { FastifyReply } from 'fastify';
import { ErrorCode, httpStatusOf, type Envelope } from '../../types/envelope';

/** An error with a stable code and a readable message; the error handler turns it into an envelope. */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly data: unknown = null,
    public readonly status: number = httpStatusOf(code)
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg);
export const notFound = (msg: string) => new AppError(ErrorCode.NOT_FOUND, msg);
export const forbidden = (msg: string) => new AppError(ErrorCode.FORBIDDEN, msg);
export const unauthorized = (msg = 'Login required') => new AppError(ErrorCode.UNAUTHORIZED, msg);

export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { code: ErrorCode.OK, data, msg };
}

export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  const body: Envelope<unknown> = { code: err.code, data: err.data, msg: err.message };
  return reply.status(err.status).type('application/json; charset=utf-8').send(body);
}

/** Parse a non-negative integer query value; a clear 400 otherwise. */
export function intParam(name: string, value: unknown, def: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value === '' || value === null) return def;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max) return value;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) throw badRequest(`${name} must be a non-negative integer`);
  const n = Number(value);
  if (n > max) throw badRequest(`${name} must be at most ${max}`);
  return n;
}

export function strParam(name: string, value: unknown, maxLen = 200): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be a string`);
  if (value.length > maxLen) throw badRequest(`${name} is longer than ${maxLen} characters`);
  return value;
}
