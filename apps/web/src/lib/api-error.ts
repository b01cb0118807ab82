import { MSG } from '@lbs/domain/messages';

/** The one error shape every failed call becomes (spec §8): message, status, requires_verification. */
export interface ApiError {
  message: string;
  status: number;
  requires_verification: boolean;
  /** The server's `detail` as sent (string or object), for screens that read more of it. */
  detail?: unknown;
}

export function isApiError(e: unknown): e is ApiError {
  return typeof e === 'object' && e !== null && 'status' in e && 'message' in e && 'requires_verification' in e;
}

/** From a non-success response's status and parsed body. */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  const detail = typeof body === 'object' && body !== null && 'detail' in body ? (body as { detail: unknown }).detail : body;
  let message: string;
  let requiresVerification = false;
  if (typeof detail === 'string') message = detail;
  else if (typeof detail === 'object' && detail !== null) {
    const d = detail as { message?: unknown; requires_verification?: unknown };
    message = typeof d.message === 'string' ? d.message : MSG.unexpectedError;
    requiresVerification = d.requires_verification === true;
  } else message = MSG.unexpectedError;
  return { message, status, requires_verification: requiresVerification, detail };
}

/** From anything thrown: an ApiError passes through; an Error is unexpected; anything else unknown. */
export function toApiError(e: unknown): ApiError {
  if (isApiError(e)) return e;
  if (e instanceof Error) return { message: MSG.unexpectedError, status: 500, requires_verification: false };
  return { message: MSG.unknownError, status: 500, requires_verification: false };
}
