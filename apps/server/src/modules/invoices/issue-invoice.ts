import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { counters, invoices } from '../../db/schema';

/** Invoice numbers start here, so the first receipt does not read "#1". */
export const FIRST_INVOICE_NO = 1001;
const COUNTER = 'invoice_no';

/**
 * Draws the next invoice number and writes the invoice, inside the fulfilment transaction. The
 * counter row stays locked until that transaction ends, so numbers are handed out one at a time,
 * and a rolled-back fulfilment gives its number back: the sequence has no gaps.
 */
export async function issueInvoice(
  tx: Tx,
  // createdAt: the payment's time (fulfilment's `now`), so the invoice, the order's paidAt and the
  // reports that reconcile them read one instant, at the app's clock.
  invoice: Omit<typeof invoices.$inferInsert, 'id' | 'invoiceNo' | 'createdAt'> & { createdAt: Date },
): Promise<typeof invoices.$inferSelect> {
  const [counter] = await tx
    .insert(counters)
    .values({ name: COUNTER, value: FIRST_INVOICE_NO })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  const [row] = await tx
    .insert(invoices)
    .values({ ...invoice, invoiceNo: Number(counter!.value) })
    .returning();
  return row!;
}
