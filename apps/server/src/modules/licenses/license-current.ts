import { and, gt, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { licenses } from '../../db/schema';

// The SQL twins of the domain's isLicenseCurrent(): a list or a count filters in the database
// with these, a single row already read is judged with the function. A test holds them equal.

/** Not revoked and not expired (a never-expiring key stays current). */
export const isLicenseCurrentSql = (now: Date): SQL =>
  and(isNull(licenses.revokedAt), or(isNull(licenses.expiresAt), gt(licenses.expiresAt, now)))!;

/** Revoked, or expired: exactly the licences that are not current. */
export const isLicensePastSql = (now: Date): SQL =>
  or(isNotNull(licenses.revokedAt), and(isNotNull(licenses.expiresAt), lte(licenses.expiresAt, now)))!;
