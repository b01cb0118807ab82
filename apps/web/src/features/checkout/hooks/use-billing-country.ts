import { useRef, useState } from 'react';
import type { TUser } from '@lbs/domain/responses';
import { countryOfLocale } from '@lbs/domain/shipping';

/**
 * A licence-only order's billing country (issue 37: such orders had none): the one chosen here,
 * else the customer's on record (their last billing country), else the country typed in the
 * shipping form earlier, else the browser's region. Required: it may still be empty.
 */
export function useBillingCountry(user: TUser | null | undefined, shippingCountry: string) {
  const [chosen, setChosen] = useState<string | null>(null);
  const ref = useRef<HTMLSelectElement>(null);
  const browserRegion = typeof navigator === 'undefined' ? null : countryOfLocale(navigator.language);
  return {
    value: chosen ?? (user?.country || shippingCountry || browserRegion || ''),
    set: setChosen,
    ref,
  };
}

export type BillingCountry = ReturnType<typeof useBillingCountry>;
