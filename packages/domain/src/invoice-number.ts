/**
 * The one way an invoice number is written wherever a person reads it (screens, receipts, credit
 * notes, mails, CSV exports): `INV-` and the number zero-padded to six digits, `INV-004774`;
 * numbers past 999999 keep all their digits (`INV-1234567`).
 */
export const INVOICE_NUMBER_PREFIX = 'INV-';
const DIGITS = 6;

export function formatInvoiceNo(invoiceNo: number): string {
  return `${INVOICE_NUMBER_PREFIX}${String(invoiceNo).padStart(DIGITS, '0')}`;
}

/** Invoice numbers are serial integers: nothing above PostgreSQL's integer is one. */
const MAX_INVOICE_NO = 2_147_483_647;

/**
 * Every way an invoice number has been shown, read back: `INV-004774` (now), `INV-4774`, `inv 4774`,
 * `Invoice no. 4774`, `Invoice #4774` (the receipt mail), `Receipt 4774` and `receipt-4774.pdf`
 * (the PDF's title and file name), `#4774` and a bare `4774` (the screens before). Any case, any
 * spacing; undefined when the text is not one of these.
 */
export function parseInvoiceNo(text: string): number | undefined {
  const m = /^(?:(?:inv|invoice|receipt)[\s.:#_-]*)?(?:no\.?\s*)?#?\s*(\d{1,10})(?:\.pdf)?$/i.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  return n >= 1 && n <= MAX_INVOICE_NO ? n : undefined;
}
