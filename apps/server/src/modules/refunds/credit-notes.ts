import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { TAdminInvoiceQuery } from '@lbs/domain/admin-queries';
import { creditNoteLabel, CREDIT_NOTE_PREFIX, type TCreditNoteJson } from '@lbs/domain/refunds';
import { shippingInRefund } from '@lbs/domain/refund-shipping';
import type { TPaging } from '@lbs/domain/schemas';
import type { Db, DbOrTx } from '../../db/client';
import { containsPattern, searchedNumber } from '../../db/like-pattern';
import { paginate } from '../../db/paginate';
import { creditNotes, invoices, orders, refundLines, orderLines, users } from '../../db/schema';
import { scopeToCaller, type Caller } from '../../db/scope-to-caller';
import { notFound } from '../../lib/app-error';
import type { Seller } from '../../integrations/pdf/seller';
import { renderCreditNotePdf } from './credit-note-pdf';

export const CREDIT_NOTE_NOT_FOUND = 'No such credit note.';

export const creditNotePdfPath = (creditNoteNo: number) => `/api/invoice/credit-notes/${creditNoteNo}/pdf`;

type CreditNoteRow = typeof creditNotes.$inferSelect;

/** A page of credit notes as JSON, with the invoice numbers they correct read in one query. */
async function toPageJson(db: DbOrTx, rows: CreditNoteRow[]): Promise<TCreditNoteJson[]> {
  const invoiceIds = [...new Set(rows.map((r) => r.invoiceId).filter((id): id is number => id !== null))];
  const numbers = invoiceIds.length
    ? new Map((await db.select({ id: invoices.id, no: invoices.invoiceNo }).from(invoices).where(inArray(invoices.id, invoiceIds))).map((i) => [i.id, i.no]))
    : new Map<number, number>();
  return rows.map((c) => ({
    credit_note: creditNoteLabel(c.creditNoteNo),
    credit_note_no: c.creditNoteNo,
    order_id: c.orderId,
    invoice_no: c.invoiceId === null ? null : (numbers.get(c.invoiceId) ?? null),
    email: c.email,
    amount: c.amountCents / 100,
    currency: c.currency,
    reason: c.reason,
    issued_at: c.issuedAt.toISOString(),
    pdf_url: creditNotePdfPath(c.creditNoteNo),
  }));
}

/** The customer's own credit notes, newest first (their invoices page lists them). */
export async function listCreditNotes(db: Db, userId: number, paging: TPaging) {
  const page = await paginate(db, { from: creditNotes, where: eq(creditNotes.userId, userId), newestFirst: [creditNotes.issuedAt], tieBreak: creditNotes.creditNoteNo, paging });
  return { ...page, items: await toPageJson(db, page.items) };
}

/** Every credit note, newest first; `q` the number (42 or CN-42) exactly or the email anywhere. */
export async function listAllCreditNotes(db: Db, q: TAdminInvoiceQuery) {
  const typed = q.q?.trim().toUpperCase().startsWith(CREDIT_NOTE_PREFIX) ? q.q.trim().slice(CREDIT_NOTE_PREFIX.length) : q.q;
  const no = typed === undefined ? undefined : searchedNumber(typed);
  const where = q.q ? or(ilike(creditNotes.email, containsPattern(q.q)), no === undefined ? undefined : eq(creditNotes.creditNoteNo, no)) : undefined;
  const page = await paginate(db, { from: creditNotes, where, newestFirst: [creditNotes.issuedAt], tieBreak: creditNotes.creditNoteNo, paging: q });
  return { ...page, items: await toPageJson(db, page.items) };
}

/** The PDF of one credit note, for its customer or an admin; anyone else's reads as missing (404). */
export async function findCreditNotePdf(db: Db, caller: Caller, creditNoteNo: number, seller: Seller): Promise<Buffer> {
  const [row] = await db
    .select({ note: creditNotes, user: users, order: orders, invoiceNo: invoices.invoiceNo })
    .from(creditNotes)
    .innerJoin(users, eq(users.id, creditNotes.userId))
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .leftJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(eq(creditNotes.creditNoteNo, creditNoteNo), scopeToCaller(creditNotes.userId, caller)))
    .limit(1);
  if (!row) throw notFound(CREDIT_NOTE_NOT_FOUND);
  const lines = await db
    .select({ orderLineId: refundLines.orderLineId, name: orderLines.name, quantity: refundLines.quantity, amountCents: refundLines.amountCents })
    .from(refundLines)
    .innerJoin(orderLines, eq(orderLines.id, refundLines.orderLineId))
    .where(eq(refundLines.refundId, row.note.refundId))
    .orderBy(asc(orderLines.id));
  const { note, user, order } = row;
  const shipping =
    order.shippingCents > 0
      ? shippingInRefund(
          {
            totalCents: order.totalCents,
            shippingCents: order.shippingCents,
            lines: await db.select({ orderLineId: orderLines.id, lineTotalCents: orderLines.lineTotalCents }).from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
          },
          lines,
        )
      : new Map<number, number>();
  return renderCreditNotePdf({
    creditNoteNo: note.creditNoteNo,
    seller,
    orderId: note.orderId,
    invoiceNo: row.invoiceNo,
    issuedAt: note.issuedAt,
    buyer: { name: order.shippingInfo?.name?.trim() || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username, email: note.email },
    lines: lines.map((l) => ({ name: l.name, quantity: l.quantity, amountCents: l.amountCents, shippingCents: shipping.get(l.orderLineId) })),
    amountCents: note.amountCents,
    currency: note.currency,
    reason: note.reason,
    timeZone: user.timeZone,
  });
}
