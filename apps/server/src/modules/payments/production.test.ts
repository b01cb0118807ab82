import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUserWithSession } from '../../../test/fixtures';
import { PRODUCTION_TEST_ENV } from '../../../test/production-env';
import { localPaymentSessions, orders } from '../../db/schema';

describe('the local pay page in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ...PRODUCTION_TEST_ENV });
  });
  afterAll(() => t?.close());

  // A real open session: an unknown one answers 404 from the dev routes too, which would prove nothing.
  async function openLocalSession() {
    const user = await createUserWithSession(t.db);
    const sessionId = `lps_${'a'.repeat(43)}`;
    const [order] = await t.db
      .insert(orders)
      .values({
        userId: user.id,
        email: user.email,
        needsShipping: false,
        subtotalCents: 4321,
        shippingCents: 0,
        discountCents: 0,
        totalCents: 4321,
        paymentProvider: 'local',
        paymentSessionId: sessionId,
      })
      .returning();
    await t.db.insert(localPaymentSessions).values({ id: sessionId, orderId: order!.id, amountCents: 4321 });
    return { sessionId, orderId: order!.id };
  }

  it('does not exist, even for a session that is open', async () => {
    const { sessionId, orderId } = await openLocalSession();
    for (const [method, url] of [
      ['GET', `/dev/pay/${sessionId}`],
      ['POST', `/dev/pay/${sessionId}/pay`],
      ['POST', `/dev/pay/${sessionId}/cancel`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: `Not found: ${method} ${url}` });
      expect(res.body, url).not.toContain('$43.21');
    }
    const [session] = await t.db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, sessionId));
    expect(session!.status).toBe('open');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paymentStatus).toBe('unpaid');
  });
});
