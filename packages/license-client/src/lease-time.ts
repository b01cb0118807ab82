/**
 * How far the booth's offset-corrected clock may be off when it checks a lease's `nbf`, `exp` and
 * `lic_exp` (and an offline answer): one hour, the constant of @lbs/license-protocol by which the
 * server also stores usage past a term's end, so what the client lets a booth do, the server
 * stores (decision 0010). `LicenseClientOptions.clockToleranceMs` defaults to this value.
 */
export { LEASE_CLOCK_TOLERANCE_MS as DEFAULT_CLOCK_TOLERANCE_MS } from '@lbs/license-protocol/lease-time';
