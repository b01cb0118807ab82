import { allocateRefund, paymentStatusAfterRefunds, remainingLines, type RefundableOrder, type RefundRequest } from '@lbs/domain/refunds';
import { unstartedPassTerms } from '@lbs/domain/license-terms';
import { DAY, HOUR, iso } from './clock';
import { DEMO_ADMIN_EMAIL } from './customers';
import type { DemoLicense } from './licenses';
import type { DemoOrder } from './orders';
import { insertRows, type RawSql } from './raw-sql';
import { BASE64URL, sample, type Rng } from './rng';

// Money back (issue 23): about 3% of the paid orders refunded, as the refund engine leaves them.

export interface DemoRefund {
  id: string;
  order: DemoOrder;
  amountCents: number;
  kind: 'lines' | 'amount';
  origin: 'admin' | 'cancel';
  state: 'succeeded' | 'failed';
  reason: string;
  providerRefundId: string;
  /** When the money went back (or the provider refused). */
  at: number;
  /** Each order line's share: by its index in order.lines. */
  lines: Array<{ lineIndex: number; quantity: number; amountCents: number }>;
}

const REFUND_SHARE = 0.03;
const REFUND_REASONS = [
  'Customer changed their mind',
  'Ordered the wrong plan',
  'Booth event cancelled by the venue',
  'Duplicate order',
  'Paper arrived damaged',
  'Goodwill: the parcel was late',
] as const;
const CANCEL_REASON = "Cancelled at the customer's request before first use";
const REFUND_FAILURE = 'The payment provider refused the refund.';

/** A demo order as allocateRefund reads it: its lines by index, nothing refunded yet (one refund per order). */
function refundableOf(order: DemoOrder): RefundableOrder {
  return {
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    discountCents: order.discountCents,
    totalCents: order.totalCents,
    refundedCents: 0,
    lines: order.lines.map((l, i) => ({ orderLineId: i, quantity: l.quantity, lineTotalCents: l.unitPriceCents * l.quantity, refundedQuantity: 0, refundedCents: 0 })),
  };
}

/**
 * Refunds of a share of the paid orders, each on a later moment than its payment (up to ten days,
 * never after `now`): cancellations of licence-only orders (in full, soon after payment), full and
 * partial refunds by line (a unit of one line), and partial refunds by amount, with one refund in
 * about twelve refused by the provider (moved nothing). A succeeded refund moves the order's
 * refunded_cents and payment state on and revokes the keys of the licence units it refunded (reason
 * 'refunded'), as the refund engine does. Drawn from a stream of its own, and before the fleet and
 * the back office are planned, so a refunded key is not seen checking in after its revocation.
 */
export function planRefunds(rng: Rng, paid: readonly DemoOrder[], licenses: readonly DemoLicense[], now: number): DemoRefund[] {
  const chosen = chooseRefunded(rng, paid, now);
  const keysOf = new Map<number, DemoLicense[]>();
  for (const l of licenses) {
    const list = keysOf.get(l.orderId);
    if (list) list.push(l);
    else keysOf.set(l.orderId, [l]);
  }
  const refunds: DemoRefund[] = [];
  chosen.forEach(({ order, style: planned }, i) => {
    const units = order.lines.reduce((s, l) => s + l.quantity, 0);
    const style = planned === 'unit' && units < 2 ? 'amount' : planned;
    const refund = planRefund(rng, order, style, i, now);
    refunds.push(refund);
    if (refund.state !== 'succeeded') return;
    order.refundedCents += refund.amountCents;
    order.paymentStatus = paymentStatusAfterRefunds(order.totalCents, order.refundedCents);
    if (style === 'cancel') [order.cancelledAt, order.cancelReason] = [refund.at, CANCEL_REASON];
    revokeRefundedKeys(rng, refund, keysOf.get(order.id) ?? []);
  });
  return refunds;
}

type RefundStyle = 'cancel' | 'full' | 'unit' | 'amount';

/** The orders refunded, by payment: each with how it was meant to be refunded. */
function chooseRefunded(rng: Rng, paid: readonly DemoOrder[], now: number): Array<{ order: DemoOrder; style: RefundStyle }> {
  const eligible = paid.filter((o) => o.totalCents >= 100 && now - o.paidAt! > HOUR);
  const target = Math.max(Math.round(paid.length * REFUND_SHARE), Math.min(4, eligible.length));
  // A quarter are cancellations of licence-only orders (refunded in full); the rest cycle through
  // a full refund, a unit of one line and (twice as often) an amount.
  const licenceOnly = eligible.filter((o) => !o.needsShipping);
  const cancels = sample(rng, licenceOnly, Math.min(licenceOnly.length, Math.max(1, Math.round(target / 4))));
  const cancelled = new Set(cancels);
  const others = sample(rng, eligible.filter((o) => !cancelled.has(o)), target - cancels.length);
  return [
    ...cancels.map((order) => ({ order, style: 'cancel' as const })),
    ...others.map((order, i) => ({ order, style: (['full', 'unit', 'amount', 'amount'] as const)[i % 4]! })),
  ].sort((a, b) => a.order.paidAt! - b.order.paidAt! || a.order.id - b.order.id);
}

/** The `i`th refund: when, how much of which lines (as the refund engine spreads it), and whether the provider took it. */
function planRefund(rng: Rng, order: DemoOrder, style: RefundStyle, i: number, now: number): DemoRefund {
  const paidAt = order.paidAt!;
  // Cancellations come soon after payment, other refunds up to ten days later; never after now.
  const wanted = style === 'cancel' ? rng.between(HOUR, 2 * DAY) : rng.between(2 * HOUR, 10 * DAY);
  const at = Math.floor(paidAt + Math.min(wanted, (now - 5 * 60_000 - paidAt) * rng.between(0.3, 0.95)));
  // Spread over the lines by the refund engine's own rule (allocateRefund), line ids being indexes here.
  const refundable = refundableOf(order);
  let request: RefundRequest;
  if (style === 'cancel' || style === 'full') request = { lines: remainingLines(refundable) };
  else if (style === 'unit') request = { lines: [{ orderLineId: rng.int(order.lines.length), quantity: 1 }] };
  else {
    // A round amount, a tenth to a half of the order.
    request = { amountCents: Math.max(100, Math.min(order.totalCents - 1, Math.round((order.totalCents * rng.between(0.1, 0.5)) / 100) * 100)) };
  }
  const lines: DemoRefund['lines'] = allocateRefund(refundable, request)
    .lines.map((l) => ({ lineIndex: l.orderLineId, quantity: l.quantity, amountCents: l.amountCents }))
    .filter((l) => l.quantity > 0 || l.amountCents > 0);
  return {
    id: rng.uuid(),
    order,
    amountCents: lines.reduce((s, l) => s + l.amountCents, 0),
    kind: style === 'amount' ? 'amount' : 'lines',
    origin: style === 'cancel' ? 'cancel' : 'admin',
    state: i % 12 === 11 && style !== 'cancel' ? 'failed' : 'succeeded',
    reason: style === 'cancel' ? CANCEL_REASON : rng.pick(REFUND_REASONS),
    providerRefundId: `lre_${rng.chars(BASE64URL, 24)}`,
    at,
    lines,
  };
}

/** The keys of the licence units a succeeded refund refunded: revoked then, unless an admin had revoked them before. */
function revokeRefundedKeys(rng: Rng, refund: DemoRefund, keys: readonly DemoLicense[]): void {
  const { order, at } = refund;
  for (const l of refund.lines) {
    const line = order.lines[l.lineIndex]!;
    if (line.product.kind !== 'license' || l.quantity === 0) continue;
    const revocable = keys.filter((k) => k.name === line.product.name && k.revokedAt === null).slice(0, l.quantity);
    for (const key of revocable) {
      key.revokedAt = at;
      key.revokedReason = 'refunded';
      // Refused from then on: bound after it never, checked in up to it at most.
      if (key.deviceBoundAt !== null && key.deviceBoundAt >= at) {
        [key.deviceId, key.deviceBoundAt, key.lastValidatedAt] = [null, null, null];
        // A Daily pass refunded before its first activation never started: an unused pass.
        if (key.type === 'day' && key.activateBy === null) {
          const unused = unstartedPassTerms(new Date(order.paidAt!));
          Object.assign(key, { startAt: order.paidAt!, expiresAt: unused.expiresAt.getTime(), activateBy: unused.activateBy.getTime(), unstartedTermHours: unused.unstartedTermHours });
        }
      }
      else if (key.lastValidatedAt !== null && key.lastValidatedAt > at) key.lastValidatedAt = Math.max(key.deviceBoundAt ?? at, at - Math.floor(rng.between(0, 6 * HOUR)));
    }
  }
}

/**
 * The refunds as the refund engine writes them: the refund rows (the demo admin the actor), their
 * lines (by the order lines' ids, read back), and a credit note per succeeded refund in order of
 * success, numbered from the `credit_note_no` counter (the last number used; the first is 1) in one
 * statement, gaplessly after any numbers already used, against the order's invoice.
 */
export async function writeRefunds(tx: RawSql, refunds: readonly DemoRefund[]): Promise<{ first: number | null; last: number | null }> {
  if (refunds.length === 0) return { first: null, last: null };
  const [admin] = await tx.query<{ id: number }>(`select id from users where email = $1 and role <> 'user'`, [DEMO_ADMIN_EMAIL]);
  const orderIds = [...new Set(refunds.map((r) => r.order.id))];
  const lineRows = await tx.query<{ id: number; order_id: number }>(`select id, order_id from order_lines where order_id = any($1::int[]) order by order_id, id`, [orderIds]);
  const lineIds = new Map<number, number[]>();
  for (const row of lineRows) {
    const list = lineIds.get(Number(row.order_id)) ?? [];
    list.push(Number(row.id));
    lineIds.set(Number(row.order_id), list);
  }
  await insertRows(tx, 'refunds', [
    ['id', 'uuid'], ['order_id', 'int'], ['user_id', 'int'], ['amount_cents', 'int'], ['currency', 'text'], ['kind', 'text'], ['reason', 'text'],
    ['origin', 'text'], ['state', 'text'], ['provider', 'text'], ['provider_refund_id', 'text'], ['failure_reason', 'text'], ['actor_id', 'int'],
    ['actor_email', 'text'], ['created_at', 'timestamptz'], ['succeeded_at', 'timestamptz'], ['failed_at', 'timestamptz'],
  ], refunds, (r) => [
    r.id, r.order.id, r.order.user.id, r.amountCents, 'usd', r.kind, r.reason, r.origin, r.state, 'local', r.providerRefundId,
    r.state === 'failed' ? REFUND_FAILURE : null, admin ? Number(admin.id) : null, admin ? DEMO_ADMIN_EMAIL : null,
    iso(r.at - 2_000), r.state === 'succeeded' ? iso(r.at) : null, r.state === 'failed' ? iso(r.at) : null,
  ]);
  await insertRows(tx, 'refund_lines', [['refund_id', 'uuid'], ['order_line_id', 'int'], ['quantity', 'int'], ['amount_cents', 'int']],
    refunds.flatMap((r) => r.lines.map((l) => ({ r, l }))), ({ r, l }) => [r.id, lineIds.get(r.order.id)![l.lineIndex]!, l.quantity, l.amountCents]);
  const succeeded = refunds.filter((r) => r.state === 'succeeded').sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  if (succeeded.length === 0) return { first: null, last: null };
  const [reserved] = await tx.query<{ value: string | number }>(
    `insert into counters (name, value) values ('credit_note_no', $1::bigint)
     on conflict (name) do update set value = counters.value + $1::bigint returning value`,
    [succeeded.length],
  );
  const last = Number(reserved!.value);
  const first = last - succeeded.length + 1;
  await insertRows(tx, 'credit_notes', [
    ['credit_note_no', 'int'], ['refund_id', 'uuid'], ['order_id', 'int'], ['user_id', 'int'], ['email', 'text'], ['amount_cents', 'int'],
    ['currency', 'text'], ['reason', 'text'], ['issued_at', 'timestamptz'], ['created_at', 'timestamptz'],
  ], succeeded, (r, i) => [first + i, r.id, r.order.id, r.order.user.id, r.order.user.email, r.amountCents, 'usd', r.reason, iso(r.at), iso(r.at)]);
  await tx.query(
    `update credit_notes c set invoice_id = i.id from invoices i
      where i.order_id = c.order_id and c.invoice_id is null and c.credit_note_no between $1 and $2`,
    [first, last],
  );
  return { first, last };
}
