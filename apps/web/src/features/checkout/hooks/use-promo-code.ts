import { useCallback, useEffect, useState } from 'react';
import type { CartItem } from '@lbs/domain/cart';
import { MSG } from '@lbs/domain/messages';
import { computeDiscount, evaluatePromo, promoApplies, type Coupon } from '@lbs/domain/promo';
import { useLazyPromotionByCodeQuery } from '../api';

/** Spec states: not added → input shown → applied (discount) or error; applied can be cancelled. */
export type PromoState =
  | { phase: 'none' }
  | { phase: 'input'; code: string; error: string | null; checking: boolean }
  | { phase: 'applied'; code: string; coupon: Coupon };

export function usePromoCode(items: readonly CartItem[]) {
  const [state, setState] = useState<PromoState>({ phase: 'none' });
  const [lookup] = useLazyPromotionByCodeQuery();

  const open = useCallback(() => setState({ phase: 'input', code: '', error: null, checking: false }), []);
  const close = useCallback(() => setState({ phase: 'none' }), []);
  const setCode = useCallback(
    (code: string) => setState((s) => (s.phase === 'input' ? { ...s, code, error: null } : s)),
    [],
  );
  /** Cancelling an applied code clears the code and the discount. */
  const cancel = useCallback(() => setState({ phase: 'none' }), []);

  const apply = useCallback(async () => {
    if (state.phase !== 'input' || state.checking) return;
    const code = state.code.trim();
    if (!code) {
      setState({ ...state, code, error: MSG.invalidPromoCode });
      return;
    }
    setState({ ...state, code, error: null, checking: true });
    try {
      const promotion = await lookup(code).unwrap();
      const verdict = evaluatePromo(items, promotion);
      setState(
        verdict.ok
          ? { phase: 'applied', code, coupon: promotion.coupon }
          : { phase: 'input', code, error: verdict.message, checking: false },
      );
    } catch {
      setState({ phase: 'input', code, error: MSG.applyPromoFailed, checking: false });
    }
  }, [items, lookup, state]);

  // A code stays applied only while the cart holds a licence line to apply it to.
  const applicable = promoApplies(items);
  useEffect(() => {
    if (state.phase === 'applied' && !applicable) {
      setState({ phase: 'input', code: state.code, error: MSG.promoOnlyLicenses, checking: false });
    }
  }, [applicable, state]);

  const discount = state.phase === 'applied' && applicable ? computeDiscount(items, state.coupon) : 0;
  const appliedCode = state.phase === 'applied' ? state.code : null;
  return { state, open, close, setCode, apply, cancel, discount, appliedCode };
}
