import { LICENSE_CODE_MESSAGES, type LicenseErrorCode } from '@lbs/domain/license-server';
import { AppError, type AppErrorCode } from '../../lib/app-error';

const STATUS_OF: Record<LicenseErrorCode, AppErrorCode> = {
  NOT_FOUND: 'not_found',
  EXPIRED: 'forbidden',
  REVOKED: 'forbidden',
  SUSPENDED: 'forbidden',
  NOT_YET_VALID: 'forbidden',
  NOT_ACTIVATED: 'forbidden',
  DEVICE_MISMATCH: 'forbidden',
  DEVICE_LIMIT_REACHED: 'conflict',
  DEACTIVATION_LIMIT: 'too_many_requests',
  RATE_LIMITED: 'too_many_requests',
};

/**
 * A refusal the desktop program acts on: `{"detail": {code, message}}`. The status follows the
 * code unless the call says otherwise (a usage report answers every refusal with 403). With
 * `retryAfterSeconds`, the answer carries Retry-After; with `startsAt` (NOT_YET_VALID), `starts_at`.
 */
export class LicenseRefusal extends AppError {
  constructor(
    readonly licenseCode: LicenseErrorCode,
    opts: { status?: AppErrorCode; retryAfterSeconds?: number; startsAt?: Date } = {},
  ) {
    super(opts.status ?? STATUS_OF[licenseCode], {
      code: licenseCode,
      message: LICENSE_CODE_MESSAGES[licenseCode],
      // NOT_YET_VALID says when the licence starts, so the program can tell the operator.
      ...(opts.startsAt ? { starts_at: opts.startsAt.toISOString() } : {}),
    });
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
  readonly retryAfterSeconds: number | undefined;
}
