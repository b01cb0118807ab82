import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { isLicenseCurrent } from '@lbs/domain/license-terms';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { createUserWithSession } from '../../../test/fixtures';
import { insertLicense } from '../../../test/account-fixtures';
import { licenses } from '../../db/schema';
import { isLicenseCurrentSql, isLicensePastSql } from './license-current';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

it('agrees with isLicenseCurrent() on every revoked/expiry/grace case, the expiry and grace instants included', async () => {
  const db = t.database.db;
  const user = await createUserWithSession(db);
  const now = new Date('2025-06-01T12:00:00.000Z');
  const expiries = [null, new Date(now.getTime() - 1), now, new Date(now.getTime() + 1)];
  for (const expiresAt of expiries) {
    for (const revoked of [false, true]) await insertLicense(db, user, { startAt: new Date('2025-01-01'), expiresAt, revoked });
  }
  // In grace (an automatic renewal unpaid, DESIGN §6.3): a term ended before now, its grace ending
  // before, at or after now, and a revoked one in grace.
  const ended = new Date(now.getTime() - 86_400_000);
  for (const graceUntil of [new Date(now.getTime() - 1), now, new Date(now.getTime() + 1)]) {
    for (const revoked of [false, true]) {
      const l = await insertLicense(db, user, { startAt: new Date('2025-01-01'), expiresAt: ended, revoked });
      await db.update(licenses).set({ graceUntil }).where(eq(licenses.id, l.id));
    }
  }
  const rows = await db.select().from(licenses).where(eq(licenses.userId, user.id));
  const current = await db.select({ id: licenses.id }).from(licenses).where(and(eq(licenses.userId, user.id), isLicenseCurrentSql(now)));
  const past = await db.select({ id: licenses.id }).from(licenses).where(and(eq(licenses.userId, user.id), isLicensePastSql(now)));
  const ids = (xs: Array<{ id: string }>) => xs.map((x) => x.id).sort();
  expect(ids(current)).toEqual(ids(rows.filter((l) => isLicenseCurrent(l, now))));
  expect(ids(past)).toEqual(ids(rows.filter((l) => !isLicenseCurrent(l, now))));
  // Only the unrevoked keys with no expiry, a later one, or a grace ending later are current.
  expect(current).toHaveLength(3);
});
