import { buildTestApp, type TestApp } from './build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from './fixtures';

/** An admin-route test's world: the app on a fresh database, an admin and a customer, both signed in. */
export interface AdminTestApp {
  t: TestApp;
  admin: TestUser;
  customer: TestUser;
}

/**
 * The set-up the admin-route tests share: buildTestApp(), then an admin, then a customer (in that
 * order, so the admin's id is the lower). `customer` shapes the customer's account. The caller
 * closes `t` (afterAll); a failure half-way closes it here.
 */
export async function buildAdminTestApp(opts: { customer?: Parameters<typeof createUserWithSession>[1] } = {}): Promise<AdminTestApp> {
  const t = await buildTestApp();
  try {
    const admin = await createAdminWithSession(t.db);
    const customer = await createUserWithSession(t.db, opts.customer);
    return { t, admin, customer };
  } catch (err) {
    await t.close();
    throw err;
  }
}
