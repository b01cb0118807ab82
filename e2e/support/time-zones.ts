/**
 * The clocks of an e2e run sit in three different time zones on purpose, so a date formatted in
 * the wrong zone shows as a wrong day instead of passing by luck:
 * - accounts: Asia/Singapore (UTC+8), the product's default display and business zone;
 * - the browser: Pacific/Pago_Pago (UTC-11), whose calendar date differs from Singapore's 19 hours
 *   of 24, so a page or a spec that formats in the browser's zone where the account's is meant
 *   fails almost all day, not only from 16:00 to 24:00 UTC as against a UTC browser;
 * - the product server's process (TZ): Pacific/Kiritimati (UTC+14), 25 hours ahead of Pago Pago
 *   (never the same date) and 6 ahead of Singapore, so server code that formats in its own
 *   process zone shows too.
 * The spec process itself runs in whatever zone the machine has; specs format in explicit zones.
 */
export const BROWSER_TIME_ZONE = 'Pacific/Pago_Pago';
export const SERVER_TIME_ZONE = 'Pacific/Kiritimati';
