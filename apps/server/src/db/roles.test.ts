import { afterAll, beforeAll, expect, it } from 'vitest';
import { isAdminRole } from '@lbs/domain/roles';
import { openTestDatabase, type TestDatabase } from '../../test/build-test-app';
import { isAdminUser } from './roles';
import { users } from './schema';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

it('picks in SQL the same users as isAdminRole() does in code', async () => {
  const roles = ['user', 'admin', 'support', 'User'];
  const db = t.database.db;
  await db.insert(users).values(roles.map((role, i) => ({ username: `r${i}`, email: `r${i}@example.com`, role })));
  const inSql = (await db.select({ role: users.role }).from(users).where(isAdminUser())).map((r) => r.role).sort();
  expect(inSql).toEqual(roles.filter(isAdminRole).sort());
  expect(inSql).toEqual(['User', 'admin', 'support']);
});
