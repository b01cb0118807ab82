import { MSG } from '@lbs/domain/messages';
import { badRequest } from '../../lib/app-error';

/** Where a receipt can be fetched; also what the client posts back as receipt_url. */
export const receiptPath = (invoiceNo: number) => `/api/invoice/${invoiceNo}/receipt`;

const RECEIPT_PATH = /^\/api\/invoice\/(\d{1,9})\/receipt\/?$/;

/**
 * The invoice number a receipt_url names: our own receipt path (absolute or relative) or the
 * bare number. Only the number is used; the URL is never fetched.
 */
export function invoiceNoFromReceiptUrl(receiptUrl: string): number {
  const value = receiptUrl.trim();
  if (/^\d{1,9}$/.test(value)) return Number(value);
  let pathname: string;
  try {
    pathname = new URL(value, 'http://receipt.invalid').pathname;
  } catch {
    throw badRequest(MSG.receiptUrlInvalid);
  }
  const m = RECEIPT_PATH.exec(pathname);
  if (!m) throw badRequest(MSG.receiptUrlInvalid);
  return Number(m[1]);
}
