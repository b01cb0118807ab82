import { computeShippingFee, type ShippingLine, type ShippingRateTable } from '@lbs/domain/shipping';

export interface ShippingQuoteRequest {
  /** ISO 3166-1 alpha-2, upper case, already validated. */
  countryCode: string;
  /** Already checked against the country's format. */
  postalCode: string;
  lines: readonly ShippingLine[];
}

/**
 * Where a shipping fee comes from. The embedded provider reads the zone/weight table from
 * config; a carrier's live rates can be added behind the same interface.
 */
export interface ShippingRateProvider {
  readonly kind: string;
  /** USD fee, 0 when nothing in the lines ships. */
  quote(request: ShippingQuoteRequest): Promise<number>;
}

export function rateTableProvider(table: ShippingRateTable): ShippingRateProvider {
  return {
    kind: 'rate-table',
    quote: async ({ countryCode, lines }) => computeShippingFee(countryCode, lines, table),
  };
}
