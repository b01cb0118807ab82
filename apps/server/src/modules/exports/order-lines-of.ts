import { sql } from 'drizzle-orm';
import { linesCell } from '@lbs/domain/accounting-exports';

export interface LineOfOrder {
  name: string;
  quantity: number;
}

/**
 * An order's lines as one column of its batch's own query (json, in the order's own order), read
 * by order_lines_order_idx: the batch and its lines are one query and one round trip, not 1 + N.
 */
export const linesColumn = (orderId: ReturnType<typeof sql.raw>) =>
  sql`(select json_agg(json_build_object('quantity', ol.quantity, 'name', ol.name) order by ol.id) from order_lines ol where ol.order_id = ${orderId})`;

/** The lines cell ('2 × Adhesion Roller; 1 × Yearly License') from that column (null: no lines). */
export const linesOf = (lines: LineOfOrder[] | string | null) => linesCell(typeof lines === 'string' ? (JSON.parse(lines) as LineOfOrder[]) : (lines ?? []));
