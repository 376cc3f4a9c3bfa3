import { ErrorCode, httpStatusOf } from '../../types/envelope';

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

export const badRequest = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg);
export const notFound = (msg: string) => new AppError(ErrorCode.NOT_FOUND, msg);
export const forbidden = (msg: string) => new AppError(ErrorCode.FORBIDDEN, msg);
export const unauthorized = (msg = 'Login required') => new AppError(ErrorCode.UNAUTHORIZED, msg);
