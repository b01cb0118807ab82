import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { counters, creditNotes, invoices } from '../../db/schema';

/** Credit notes are numbered CN-1, CN-2, … (their own series, apart from invoices). */
export const FIRST_CREDIT_NOTE_NO = 1;
const COUNTER = 'credit_note_no';

/**
 * Draws the next credit note number and writes the credit note, inside the transaction that marks
 * its refund succeeded (as issueInvoice does for invoices): the counter row stays locked until that
 * transaction ends, so numbers are handed out one at a time, and a rolled-back or failed refund takes
 * none: the series has no gaps.
 */
export async function issueCreditNote(
  tx: Tx,
  note: { refundId: string; orderId: number; userId: number; email: string; amountCents: number; currency: string; reason: string; issuedAt: Date },
): Promise<typeof creditNotes.$inferSelect> {
  const [invoice] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, note.orderId)).orderBy(asc(invoices.id)).limit(1);
  const [counter] = await tx
    .insert(counters)
    .values({ name: COUNTER, value: FIRST_CREDIT_NOTE_NO })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  const [row] = await tx
    .insert(creditNotes)
    .values({ ...note, invoiceId: invoice?.id ?? null, creditNoteNo: Number(counter!.value) })
    .returning();
  return row!;
}
