import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { cartOf, onePaymentBody, postCheckout } from '../../../test/checkout-fixtures';
import { createUserWithSession } from '../../../test/fixtures';
import { orders, users } from '../../db/schema';

// Issue 37: licence-only orders had no country (828 of 1,382 in a month). The checkout sends a
// billing country; left out, the customer's country on record; it is stored on the order.

const YEARLY = 12;
const ROLLER = 2;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1' });
});
afterAll(() => t?.close());

const sessionOf = (url: string) => /\/dev\/pay\/(lps_[\w-]+)$/.exec(url)![1]!;
async function checkout(user: Awaited<ReturnType<typeof createUserWithSession>>, lines: Record<number, number>, extra: object = {}) {
  const res = await postCheckout(t.app, user.headers, { ...onePaymentBody(cartOf(lines), { email: user.email }), ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return (await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionOf(res.json().url))))[0]!;
}
const countryOf = async (userId: number) => (await t.db.select({ country: users.country }).from(users).where(eq(users.id, userId)))[0]!.country;

describe('billing country', () => {
  it('a licence-only order stores the billing country given, and the customer keeps it for the next checkout', async () => {
    const user = await createUserWithSession(t.db);
    const order = await checkout(user, { [YEARLY]: 1 }, { billing_country: 'id' });
    expect(order.billingCountry).toBe('ID');
    expect(await countryOf(user.id)).toBe('ID');
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers });
    expect(me.json().country).toBe('ID');
    // Left out (an older client): the customer's country on record.
    const again = await checkout(user, { [YEARLY]: 1 });
    expect(again.billingCountry).toBe('ID');
  });

  it('left out with nothing on record: where it ships, else none; a bad code is refused', async () => {
    const user = await createUserWithSession(t.db);
    expect((await checkout(user, { [ROLLER]: 1 })).billingCountry).toBe('SG');
    const other = await createUserWithSession(t.db);
    expect((await checkout(other, { [YEARLY]: 1 })).billingCountry).toBeNull();
    const bad = await postCheckout(t.app, other.headers, { ...onePaymentBody(cartOf({ [YEARLY]: 1 }), { email: other.email }), billing_country: 'XX' });
    expect(bad.statusCode).toBe(400);
  });
});
