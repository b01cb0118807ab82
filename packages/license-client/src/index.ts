export {
  LicenseClient,
  type DeactivateResult,
  type LicenseClientOptions,
  type LicenseInfo,
  type LicenseResult,
  type LicenseStatus,
  type OfflineActivationRequest,
  type PaymentDue,
  paymentDueWarning,
  type ReplacedLicense,
  pendingRequestServerUrl,
  type StoredLicense,
  storedServerUrl,
} from './license-client';
export { defaultStateDir, StateStore } from './state-store';
export {
  deriveDeviceId,
  deviceIdProblem,
  machineFacts,
  storedDeviceId,
  type MachineFacts,
  type StoredDeviceId,
} from './device-id';
export {
  ed25519Keys,
  verifyLease,
  type LeaseCheck,
  type LeaseClaims,
  type LeaseVerification,
} from './verify-lease';
export { callServer, parseRetryAfter, type FetchLike, type ServerAnswer, type ServerDate } from './server-call';
export { ServerClock, type ServerClockReading } from './server-clock';
export {
  BATCH_MAX_BYTES,
  MAX_BATCH,
  USAGE_REPORT_MAX_BYTES,
  UsageEventError,
  UsageQueue,
  type DroppedUsage,
  type QueuedUsageEvent,
  type UsageEvent,
  type UsageEventInput,
  type UsageEventResult,
  type UsageFlushResult,
  type UsageOwner,
  type UsageReportAnswer,
} from './usage-queue';
// The key's canonical form and the offline request's format are the licence protocol's, the
// server's own: this package bundles that module and keeps no copy.
export { canonicalLicenseKey, normaliseLicenseKey } from '@lbs/license-protocol/license-key';
export {
  OFFLINE_ANSWER_PREFIX,
  OFFLINE_REQUEST_PREFIX,
  OFFLINE_REQUEST_TTL_SECONDS,
  type OfflineRequestClaims,
} from '@lbs/license-protocol/offline-request';
export { encodeOfflineRequest, keyFingerprint, readOfflineAnswer } from './offline-request';
