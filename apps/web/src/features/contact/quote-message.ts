import { sheetQuote } from '@lbs/domain/catalogue';
import { formatUsd } from '@lbs/domain/money';

const COUNT = new Intl.NumberFormat('en-US');

/**
 * The message the contact form starts with when the accessories page asks for a sheets quote
 * (`/contact-us?quote=sheets&quantity=5000`); empty for any other link.
 */
export function quoteRequestMessage(params: URLSearchParams): string {
  if (params.get('quote') !== 'sheets') return '';
  const quantity = Number(params.get('quantity'));
  const quote = sheetQuote(quantity);
  if (!quote) return 'Hello, I would like a quote for Lenticular Sheets (4x4”). Please include shipping to my address.';
  return (
    `Hello, I would like a quote for ${COUNT.format(quantity)} Lenticular Sheets (4x4”). ` +
    `The price list shows ${formatUsd(quote.unitPrice)} each (${formatUsd(quote.total)}) at this volume. ` +
    'Please include shipping to my address.'
  );
}
