import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { creditNotes, invoices, orderLines, orders, refunds } from '../src/db/schema';

/**
 * Rows written straight to the tables the exports read (the refund engine is another module's):
 * paid orders with lines, their invoices, and succeeded refunds with their credit notes, each at
 * a chosen instant.
 */

export interface FixtureLine {
  name: string;
  quantity: number;
  unitCents: number;
}

export async function insertPaidOrder(
  db: Db,
  user: { id: number; email: string },
  o: {
    paidAt: Date | null;
    lines: FixtureLine[];
    email?: string;
    country?: string | null;
    shippingCents?: number;
    discountCents?: number;
    refundedCents?: number;
    paymentStatus?: 'paid' | 'partially_refunded' | 'refunded' | 'unpaid';
  },
) {
  const subtotal = o.lines.reduce((s, l) => s + l.quantity * l.unitCents, 0);
  const shipping = o.shippingCents ?? 0;
  const discount = o.discountCents ?? 0;
  const country = o.country === undefined ? 'SG' : o.country;
  const [order] = await db
    .insert(orders)
    .values({
      userId: user.id,
      email: o.email ?? user.email,
      paymentStatus: o.paymentStatus ?? (o.paidAt ? 'paid' : 'unpaid'),
      needsShipping: country !== null,
      shippingInfo: country === null ? null : { name: 'Ann Lee', email: user.email, address: '1 Road', city: 'Town', state: '', zip: '111111', country },
      subtotalCents: subtotal,
      shippingCents: shipping,
      discountCents: discount,
      totalCents: subtotal - discount + shipping,
      refundedCents: o.refundedCents ?? 0,
      paymentProvider: 'local',
      paidAt: o.paidAt,
      createdAt: o.paidAt ?? new Date(),
    })
    .returning();
  const [product] = await db.execute<{ id: number }>(sql`select min(id) as id from products`).then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
  await db.insert(orderLines).values(
    o.lines.map((l) => ({ orderId: order!.id, productId: product!.id, name: l.name, unitPriceCents: l.unitCents, quantity: l.quantity, lineTotalCents: l.quantity * l.unitCents })),
  );
  return order!;
}

export async function insertInvoice(db: Db, order: typeof orders.$inferSelect, invoiceNo: number, createdAt: Date) {
  const [row] = await db
    .insert(invoices)
    .values({
      invoiceNo,
      orderId: order.id,
      userId: order.userId,
      email: order.email,
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      discountCents: order.discountCents,
      totalCents: order.totalCents,
      paidAt: order.paidAt,
      createdAt,
    })
    .returning();
  return row!;
}

/** A succeeded refund and its credit note. */
export async function insertCreditNote(
  db: Db,
  order: typeof orders.$inferSelect,
  c: { no: number; amountCents: number; reason: string; issuedAt: Date; invoiceId: number | null },
) {
  const [refund] = await db
    .insert(refunds)
    .values({
      orderId: order.id,
      userId: order.userId,
      amountCents: c.amountCents,
      kind: 'amount',
      reason: c.reason,
      origin: 'admin',
      state: 'succeeded',
      provider: 'local',
      providerRefundId: `re_test_${crypto.randomUUID()}`,
      createdAt: c.issuedAt,
      succeededAt: c.issuedAt,
    })
    .returning();
  const [note] = await db
    .insert(creditNotes)
    .values({
      creditNoteNo: c.no,
      refundId: refund!.id,
      orderId: order.id,
      invoiceId: c.invoiceId,
      userId: order.userId,
      email: order.email,
      amountCents: c.amountCents,
      reason: c.reason,
      issuedAt: c.issuedAt,
    })
    .returning();
  return note!;
}

/**
 * `count` paid orders in one statement, one every `stepSeconds` from `firstPaidAt`, each with two
 * lines, an invoice numbered from `firstInvoiceNo`, and every tenth a refund of 5.00 with its credit
 * note numbered from `firstCreditNoteNo`. Answers nothing: the tests read what the exports say.
 */
export async function insertManyOrders(
  db: Db,
  user: { id: number; email: string },
  opts: { count: number; firstPaidAt: Date; stepSeconds: number; firstInvoiceNo: number; firstCreditNoteNo: number; tag: string },
) {
  const { count, firstPaidAt, stepSeconds, firstInvoiceNo, firstCreditNoteNo, tag } = opts;
  const at = firstPaidAt.toISOString();
  await db.execute(sql`
    insert into orders (user_id, email, payment_status, needs_shipping, shipping_info, subtotal_cents, shipping_cents, discount_cents, total_cents,
                        refunded_cents, payment_provider, payment_session_id, paid_at, created_at)
    select ${user.id}, 'bulk' || g || '@' || ${tag} || '.test', case when g % 10 = 0 then 'partially_refunded' else 'paid' end, true,
           jsonb_build_object('name', 'N', 'email', 'e', 'address', 'a', 'city', 'c', 'state', '', 'zip', 'z', 'country', 'ID'),
           3000 + g, 500, 100, 3400 + g, case when g % 10 = 0 then 500 else 0 end, 'local', ${tag} || '_' || g,
           ${at}::timestamptz + make_interval(secs => g * ${stepSeconds}), ${at}::timestamptz + make_interval(secs => g * ${stepSeconds})
      from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into order_lines (order_id, product_id, name, unit_price_cents, quantity, line_total_cents)
    select o.id, (select min(id) from products), l.name, l.unit, l.qty, l.unit * l.qty
      from orders o cross join (values ('Adhesion Roller', 2, 1000), ('Yearly License', 1, 1000)) as l(name, qty, unit)
     where o.payment_session_id like ${`${tag}\\_%`}`);
  await db.execute(sql`
    insert into invoices (invoice_no, order_id, user_id, email, subtotal_cents, shipping_cents, discount_cents, total_cents, paid_at, created_at)
    select ${firstInvoiceNo} - 1 + row_number() over (order by o.paid_at, o.id), o.id, o.user_id, o.email, o.subtotal_cents, o.shipping_cents,
           o.discount_cents, o.total_cents, o.paid_at, o.paid_at
      from orders o where o.payment_session_id like ${`${tag}\\_%`}`);
  await db.execute(sql`
    insert into refunds (order_id, user_id, amount_cents, kind, reason, origin, state, provider, provider_refund_id, created_at, succeeded_at)
    select o.id, o.user_id, 500, 'amount', 'Damaged in transit', 'admin', 'succeeded', 'local', 're_' || o.payment_session_id, o.paid_at + interval '1 minute', o.paid_at + interval '1 minute'
      from orders o where o.payment_session_id like ${`${tag}\\_%`} and o.refunded_cents > 0`);
  await db.execute(sql`
    insert into credit_notes (credit_note_no, refund_id, order_id, invoice_id, user_id, email, amount_cents, reason, issued_at)
    select ${firstCreditNoteNo} - 1 + row_number() over (order by r.succeeded_at, r.id), r.id, r.order_id, i.id, r.user_id, o.email, r.amount_cents, r.reason, r.succeeded_at
      from refunds r join orders o on o.id = r.order_id left join invoices i on i.order_id = o.id
     where r.provider_refund_id like ${`re_${tag}\\_%`}`);
}
