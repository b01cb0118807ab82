export type AppErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'too_many_requests'
  | 'unavailable';

const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  unavailable: 503,
};

/** What services throw; the error plugin turns it into a status and a `{"detail"}` body. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    readonly detail: unknown,
  ) {
    super(typeof detail === 'string' ? detail : code);
  }
  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const badRequest = (detail: unknown) => new AppError('bad_request', detail);
export const unauthorized = (detail: unknown = 'Not authenticated') => new AppError('unauthorized', detail);
export const forbidden = (detail: unknown = 'Not allowed') => new AppError('forbidden', detail);
export const notFound = (detail: unknown = 'Not found') => new AppError('not_found', detail);
export const conflict = (detail: unknown) => new AppError('conflict', detail);
export const tooManyRequests = (detail: unknown = 'Too many requests. Please try again later') =>
  new AppError('too_many_requests', detail);
