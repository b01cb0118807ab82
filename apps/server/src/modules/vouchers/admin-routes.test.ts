import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app';
import { buildAdminTestApp } from '../../../test/admin-test-app';
import type { TestUser } from '../../../test/fixtures';
import { insertPaidOrder } from '../../../test/account-fixtures';
import { adminAudit, orders, promotionRedemptions } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let ip = 0;

beforeAll(async () => {
  ({ t, admin, customer } = await buildAdminTestApp());
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object, u: TestUser | null = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers: u?.headers, payload });
const lookup = (code: string) =>
  t.app.inject({ method: 'GET', url: `/api/voucher/promotion/code/${code}`, remoteAddress: `10.9.0.${++ip}` });
const auditOf = (id: string) => t.db.select().from(adminAudit).where(eq(adminAudit.targetId, id));

async function couponWithCode(code: string, coupon: object = { name: 'Twenty', discount_type: 'percent', discount_value: 20 }) {
  const c = await call('POST', '/voucher/coupon', coupon);
  expect(c.statusCode).toBe(201);
  const p = await call('POST', `/voucher/promotion/${c.json().id}`, { code });
  expect(p.statusCode).toBe(201);
  return { couponId: c.json().id as string, promotionId: p.json().id as string };
}

describe('admin coupon and promotion routes', () => {
  it('refuses a stranger (401) and a customer (403) before validation', async () => {
    expect((await call('GET', '/voucher/coupon', undefined, null)).statusCode).toBe(401);
    expect((await call('GET', '/voucher/coupon', undefined, customer)).statusCode).toBe(403);
    expect((await call('DELETE', '/voucher/coupon/not-a-uuid', undefined, customer)).statusCode).toBe(403);
    expect((await call('PATCH', '/voucher/promotion/x/status', { active: 'no' }, customer)).statusCode).toBe(403);
  });

  it('audits coupon and promotion creation with the created values', async () => {
    const { couponId, promotionId } = await couponWithCode('AUDITME');
    const [coupon] = await auditOf(couponId);
    expect(coupon).toMatchObject({ action: 'coupon.created', actorId: admin.id, actorEmail: admin.email, before: null, label: 'Twenty', subjectUserId: null });
    expect(coupon!.after).toMatchObject({ id: couponId, discount_value: 20 });
    const [promotion] = await auditOf(promotionId);
    expect(promotion).toMatchObject({ action: 'promotion.created', before: null, label: 'AUDITME' });
    expect(promotion!.after).toMatchObject({ code: 'AUDITME', coupon_id: couponId });
  });

  it('refuses a code that would outlive its coupon’s redeem_by', async () => {
    const c = await call('POST', '/voucher/coupon', { name: 'Short', discount_type: 'percent', discount_value: 5, redeem_by: '2031-01-01T00:00:00Z' });
    const late = await call('POST', `/voucher/promotion/${c.json().id}`, { code: 'TOOLATE', expires_at: '2031-06-01T00:00:00Z' });
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toContain('redeem_by');
    expect((await call('POST', `/voucher/promotion/${c.json().id}`, { code: 'INTIME', expires_at: '2030-06-01T00:00:00Z' })).statusCode).toBe(201);
  });

  it('soft-deletes a coupon: gone from the list, codes inactive, past orders and redemptions kept', async () => {
    const { couponId, promotionId } = await couponWithCode('GOINGAWAY');
    const { order } = await insertPaidOrder(t.db, customer, { discountCents: 500, promoCode: 'GOINGAWAY' });
    await t.db.update(orders).set({ promotionId }).where(eq(orders.id, order.id));
    await t.db.insert(promotionRedemptions).values({ promotionId, couponId, userId: customer.id, orderId: order.id });
    expect((await lookup('goingaway')).json().active).toBe(true);
    const listed = (await call('GET', '/voucher/coupon', undefined)).json();
    expect(listed.items.map((c: { id: string }) => c.id)).toContain(couponId);

    const del = await call('DELETE', `/voucher/coupon/${couponId}`);
    expect(del.statusCode).toBe(204);

    const after = (await call('GET', '/voucher/coupon?page_size=100')).json();
    expect(after.items.map((c: { id: string }) => c.id)).not.toContain(couponId);
    expect((await lookup('GOINGAWAY')).json()).toMatchObject({ active: false });
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ discountCents: 500, promotionId, promoCode: 'GOINGAWAY' });
    expect(await t.db.select().from(promotionRedemptions).where(eq(promotionRedemptions.orderId, order.id))).toHaveLength(1);

    expect((await call('DELETE', `/voucher/coupon/${couponId}`)).statusCode).toBe(404);
    expect((await call('GET', `/voucher/promotion/${couponId}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/voucher/promotion/${promotionId}/status`, { active: true })).statusCode).toBe(404);
    const rows = await auditOf(couponId);
    const deleted = rows.find((r) => r.action === 'coupon.deleted');
    expect(deleted!.before).not.toHaveProperty('deleted_at');
    // Named as it was: the log stays readable though the coupon is gone from every list.
    expect(deleted!.label).toBe('Twenty');
    expect(deleted!.after).toHaveProperty('deleted_at');
  });

  it('lists a coupon’s codes and toggles one off and on, audited each time', async () => {
    const { couponId, promotionId } = await couponWithCode('TOGGLE1');
    const second = await call('POST', `/voucher/promotion/${couponId}`, { code: 'TOGGLE2' });
    const page = (await call('GET', `/voucher/promotion/${couponId}`)).json();
    expect(page.total).toBe(2);
    expect(page.items.map((p: { code: string }) => p.code)).toEqual(['TOGGLE2', 'TOGGLE1']);
    expect(second.statusCode).toBe(201);

    const off = await call('PATCH', `/voucher/promotion/${promotionId}/status`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: promotionId, active: false });
    expect((await lookup('TOGGLE1')).json().active).toBe(false);
    expect((await call('PATCH', `/voucher/promotion/${promotionId}/status`, { active: true })).json().active).toBe(true);
    expect((await lookup('TOGGLE1')).json().active).toBe(true);

    const toggles = (await auditOf(promotionId)).filter((r) => r.action === 'promotion.status_changed');
    expect(toggles.map((r) => [r.before, r.after])).toEqual([
      [{ active: true }, { active: false }],
      [{ active: false }, { active: true }],
    ]);
    expect(toggles.map((r) => r.label)).toEqual(['TOGGLE1', 'TOGGLE1']);
    expect((await call('PATCH', `/voucher/promotion/${promotionId}/status`, { active: 'yes' })).statusCode).toBe(400);
    expect((await call('PATCH', '/voucher/promotion/00000000-0000-4000-8000-000000000000/status', { active: true })).statusCode).toBe(404);
  });
});
