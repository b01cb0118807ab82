import { and, gt, gte, isNotNull, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import { licenses } from '../../db/schema';

// The SQL twins of the domain's isLicenseCurrent(): a list or a count filters in the database
// with these, a single row already read is judged with the function. A test holds them equal.

/**
 * In grace through `at`: grace_until is set only while an automatic renewal is unpaid, and always
 * lies past expires_at. Written with its own null test, so the expression is false, never NULL, for
 * a licence without grace (a list orders by "is current", where NULL would sort first).
 */
const inGraceAtSql = (at: SQL | Date, compare: typeof gt | typeof gte): SQL =>
  and(isNotNull(licenses.graceUntil), compare(licenses.graceUntil, at))!;

/** Not revoked and not expired (a never-expiring key stays current); in grace counts as current. */
export const isLicenseCurrentSql = (now: Date): SQL =>
  and(isNull(licenses.revokedAt), or(isNull(licenses.expiresAt), gt(licenses.expiresAt, now), inGraceAtSql(now, gt)))!;

/** Revoked, or expired (and past any grace): exactly the licences that are not current. */
export const isLicensePastSql = (now: Date): SQL =>
  or(
    isNotNull(licenses.revokedAt),
    and(isNotNull(licenses.expiresAt), lte(licenses.expiresAt, now), or(isNull(licenses.graceUntil), lte(licenses.graceUntil, now))),
  )!;

/**
 * Current through the last moment before `end` (a report's day end, exclusive): started before
 * it, and neither expired (past any grace) nor revoked before it. Unlike the twins above it reads history: a key
 * revoked later still counted on the days before its revocation. `end` may be a column of the
 * query (the day ends of a report), so one grouped SQL counts every day.
 */
export const isLicenseCurrentThroughSql = (end: SQL | Date): SQL =>
  and(
    lt(licenses.startAt, end),
    // In grace through `end` (an automatic renewal unpaid, DESIGN §6.3) still counts: grace_until
    // is set only while that renewal is open, so a grace that ended unpaid counts no more.
    or(isNull(licenses.expiresAt), gte(licenses.expiresAt, end), inGraceAtSql(end, gte)),
    or(isNull(licenses.revokedAt), gte(licenses.revokedAt, end)),
  )!;

/**
 * What the reports count as an active subscription at `end`: current through it (above) and not
 * suspended before it. A suspended key is kept and its term runs on, but it does not work, so it
 * is not active (issue 21). Only the running suspension is stored (suspended_at, cleared when
 * reinstated), so for a past day the rule is: a licence suspended now stops counting from its
 * suspended_at on, like a revocation, and a reinstated one counts on every day of its term, its
 * past suspension included.
 */
export const isLicenseActiveThroughSql = (end: SQL | Date): SQL =>
  and(isLicenseCurrentThroughSql(end), or(isNull(licenses.suspendedAt), gte(licenses.suspendedAt, end)))!;
