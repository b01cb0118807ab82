import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { pageOffset, type Paged } from '@lbs/domain/paging';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { customerVisibleRefunds, toOrderJson, type OrderLineFields, type OrderRefundRow } from './order-json';
import { orderWasPaid } from './was-paid';

/**
 * A user's orders, newest first. Only paid ones: a checkout that was opened and never paid (or
 * whose payment failed) is not an order the customer placed.
 *
 * One prepared statement per page, whatever its size: the page's orders, the total, and each
 * order's lines and refunds as JSON built in SQL (issue 24: the Node process sat waiting on four
 * round trips per request). Only a page past the end, which has no row to carry the total, costs
 * a second statement to count. A customer has few orders, so any page is read from the newest end
 * (the paging of the back office's 300,000 orders lives in db/paginate.ts).
 *
 * The first page, which is nearly every call, has its own statement without OFFSET: on tables not
 * analysed yet (a new shop, bench:api's) PostgreSQL priced the generic plan of the statement with
 * OFFSET as a parameter above its custom plans, and so planned every call again (about 0.5 ms of
 * planning against 0.2 ms of execution). A shop whose tables are analysed was planned once either
 * way (query-plans.test.ts).
 */
export async function listUserOrders(db: Db, userId: number, paging: { page: number; page_size: number }): Promise<Paged<ReturnType<typeof toOrderJson>>> {
  const { page, page_size } = paging;
  const queries = preparedFor(db);
  const rows = page === 1 ? await queries.firstPage.execute({ userId, limit: page_size }) : await queries.page.execute({ userId, limit: page_size, offset: pageOffset(page, page_size) });
  const total = rows[0]?.total ?? (page === 1 ? 0 : Number((await queries.count.execute({ userId }))[0]?.n ?? 0));
  const items = rows.map(({ order, lines, refunds }) => toOrderJson(order, parsed<LineJson>(lines).map(toLine), customerVisibleRefunds(parsed<RefundJson>(refunds).map(toRefund))));
  return { items, total, page, page_size };
}

interface LineJson {
  id: number;
  product_id: number;
  name: string;
  quantity: number;
  unit_price_cents: number;
}
interface RefundJson {
  id: string;
  amount_cents: number;
  state: OrderRefundRow['state'];
  origin: OrderRefundRow['origin'];
  created_at: string;
  succeeded_at: string | null;
  credit_note_no: number | null;
  lines: Array<{ order_line_id: number; quantity: number }>;
}

/** Values, or the prepared statement's placeholders. */
type Arg = number | ReturnType<typeof sql.placeholder>;
const ofUser = (userId: Arg) => and(eq(orders.userId, userId), orderWasPaid);

// Qualified by hand: in a one-table select drizzle writes a column bare, which the subqueries'
// own tables would capture.
const orderId = sql`${orders}.${sql.identifier(orders.id.name)}`;
const linesJson = sql<unknown>`coalesce((
  select json_agg(json_build_object('id', l.id, 'product_id', l.product_id, 'name', l.name, 'quantity', l.quantity, 'unit_price_cents', l.unit_price_cents) order by l.id)
  from order_lines l where l.order_id = ${orderId}), '[]'::json)`;
const refundsJson = sql<unknown>`coalesce((
  select json_agg(json_build_object('id', r.id, 'amount_cents', r.amount_cents, 'state', r.state, 'origin', r.origin, 'created_at', r.created_at,
      'succeeded_at', r.succeeded_at, 'credit_note_no', cn.credit_note_no,
      'lines', coalesce((select json_agg(json_build_object('order_line_id', rl.order_line_id, 'quantity', rl.quantity) order by rl.order_line_id)
                         from refund_lines rl where rl.refund_id = r.id), '[]'::json))
    order by r.created_at desc, r.id desc)
  from refunds r left join credit_notes cn on cn.refund_id = r.id
  where r.order_id = ${orderId}), '[]'::json)`;

const countQuery = (db: Db, userId: Arg) => db.select({ n: count() }).from(orders).where(ofUser(userId));

/**
 * A page of the user's orders with the total on every row, as an uncorrelated subquery (evaluated
 * once), never a window count over the rows; exported for the query-plan test.
 */
export const userOrdersPageQuery = (db: Db, args: { userId: Arg; limit: Arg; offset?: Arg }) => {
  const firstRows = db
    .select({ order: getTableColumns(orders), total: sql<number>`(${countQuery(db, args.userId)})`.mapWith(Number), lines: linesJson, refunds: refundsJson })
    .from(orders)
    .where(ofUser(args.userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(args.limit);
  return args.offset === undefined ? firstRows : firstRows.offset(args.offset);
};

function buildQueries(db: Db) {
  const userId = sql.placeholder('userId');
  return {
    firstPage: userOrdersPageQuery(db, { userId, limit: sql.placeholder('limit') }).prepare('list_user_orders_first_page'),
    page: userOrdersPageQuery(db, { userId, limit: sql.placeholder('limit'), offset: sql.placeholder('offset') }).prepare('list_user_orders_page'),
    count: countQuery(db, userId).prepare('list_user_orders_count'),
  };
}

// Built once per database: a prepared query is its SQL text and, on PostgreSQL, a statement each
// pooled connection parses and plans once under its name.
const prepared = new WeakMap<Db, ReturnType<typeof buildQueries>>();
function preparedFor(db: Db) {
  let q = prepared.get(db);
  if (!q) prepared.set(db, (q = buildQueries(db)));
  return q;
}

// node-postgres and PGlite both parse json columns; a driver handing back text is read too.
const parsed = <T>(value: unknown): T[] => (typeof value === 'string' ? JSON.parse(value) : value) as T[];

const toLine = (l: LineJson): OrderLineFields => ({ id: l.id, productId: l.product_id, name: l.name, quantity: l.quantity, unitPriceCents: l.unit_price_cents });

const toRefund = (r: RefundJson): OrderRefundRow => ({
  id: r.id,
  amountCents: r.amount_cents,
  state: r.state,
  origin: r.origin,
  createdAt: new Date(r.created_at),
  succeededAt: r.succeeded_at === null ? null : new Date(r.succeeded_at),
  creditNoteNo: r.credit_note_no,
  lines: r.lines.map((l) => ({ orderLineId: l.order_line_id, quantity: l.quantity })),
});
