import { MSG } from '@lbs/domain/messages';
import { postalCodeValid, productForShippingLine } from '@lbs/domain/shipping';
import type { TShippingRatesBody } from '@lbs/domain/schemas';
import { badRequest } from '../../lib/app-error';
import type { ShippingRateProvider } from './rate-provider';

/**
 * POST /shipping/rates: the fee for the named products to the recipient. Every product must be in
 * the catalogue and the postal code must fit the country (SG six digits, ID five), so a quote is
 * never given for an address the checkout would refuse.
 */
export async function quoteShippingRates(provider: ShippingRateProvider, body: TShippingRatesBody): Promise<{ fee: number }> {
  const { countryCode, postalCode } = body.recipient;
  if (!postalCodeValid(countryCode, postalCode)) throw badRequest(`recipient.postalCode: ${MSG.invalidZip}`);
  body.products.forEach((line, index) => {
    if (!productForShippingLine(line)) throw badRequest(`products.${index}.name: ${MSG.unknownProduct}`);
  });
  const fee = await provider.quote({
    countryCode,
    postalCode,
    lines: body.products.map((line) => ({ name: line.name, quantity: line.quantity })),
  });
  return { fee };
}
