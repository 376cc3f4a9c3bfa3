import { ErrorCode, httpStatusOf } from '../../types/envelope';
import { MAX_JSON_DEPTH } from '../../types/jsonDepth';

/**
 * An error with a stable code and a readable message. Services throw it; the
 * HTTP layer (http.ts) turns it into the `{code, data, msg}` envelope with `status`.
 */
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

/**
 * An error the request's own bytes caused (a body parser's: a truncated or malformed
 * multipart form) as the client's error `refuse()`. AppErrors and errors that already
 * carry a 4xx status (a parser's limits) pass as they are.
 */
export function asInputError(err: unknown, refuse: () => AppError): unknown {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return err;
  return refuse();
}

export const badRequest = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg);
export const notFound = (msg: string) => new AppError(ErrorCode.NOT_FOUND, msg);
export const forbidden = (msg: string) => new AppError(ErrorCode.FORBIDDEN, msg);
export const unauthorized = (msg = 'Login required') => new AppError(ErrorCode.UNAUTHORIZED, msg);
/** JSON nested deeper than MAX_JSON_DEPTH (a body, or a value checked before a recursive walk). */
export const jsonTooDeep = () => new AppError(ErrorCode.JSON_TOO_DEEP, `JSON must nest at most ${MAX_JSON_DEPTH} levels deep`, { max_depth: MAX_JSON_DEPTH });
