import { useCallback, useEffect, useRef, useState } from 'react';
import type { CartItem } from '@lbs/domain/cart';
import { MSG } from '@lbs/domain/messages';
import { computeDiscount, evaluatePromo, promoApplies, type Coupon } from '@lbs/domain/promo';
import { useLazyPromotionByCodeQuery } from '../api';
import { checkoutDraft } from '../checkout-draft';

/** Spec states: not added → input shown → applied (discount) or error; applied can be cancelled. */
export type PromoState =
  | { phase: 'none' }
  | { phase: 'input'; code: string; error: string | null; checking: boolean }
  | { phase: 'applied'; code: string; coupon: Coupon };

export function usePromoCode(items: readonly CartItem[]) {
  const [state, setState] = useState<PromoState>({ phase: 'none' });
  const [lookup] = useLazyPromotionByCodeQuery();

  // An applied code survives a reload and a cancelled payment (this browser session only), but
  // is asked about again first: a code switched off or deleted since shows no discount.
  const [restoring, setRestoring] = useState(() => checkoutDraft.promo() !== null);
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);
  useEffect(() => {
    const saved = checkoutDraft.promo();
    if (!saved) return;
    let cancelled = false;
    lookup(saved.code)
      .unwrap()
      .then((promotion) => {
        if (cancelled || !evaluatePromo(itemsRef.current, promotion).ok) return;
        // Only into an untouched box: a buyer who opened it, typed or applied another code while
        // the answer was on its way keeps what they did (a late answer used to put the old code
        // back over theirs).
        setState((s) =>
          s.phase === 'none' ? { phase: 'applied', code: saved.code, coupon: promotion.coupon } : s,
        );
      })
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) setRestoring(false);
      });
    return () => {
      cancelled = true;
    };
  }, [lookup]);
  useEffect(() => {
    if (restoring) return;
    if (state.phase === 'applied') checkoutDraft.savePromo({ code: state.code, coupon: state.coupon });
    else if (state.phase === 'none') checkoutDraft.savePromo(null);
  }, [state, restoring]);

  // A code counts as applied only while the cart holds a licence line to apply it to; without
  // one the box shows the spec's message (derived, so adding a licence back re-applies it).
  const applicable = promoApplies(items);
  const shown: PromoState =
    state.phase === 'applied' && !applicable
      ? { phase: 'input', code: state.code, error: MSG.promoOnlyLicenses, checking: false }
      : state;

  const open = useCallback(
    () => setState({ phase: 'input', code: '', error: null, checking: false }),
    [],
  );
  const close = useCallback(() => setState({ phase: 'none' }), []);
  const setCode = useCallback(
    (code: string) =>
      setState((s) =>
        s.phase === 'input'
          ? { ...s, code, error: null }
          : s.phase === 'applied'
            ? { phase: 'input', code, error: null, checking: false }
            : s,
      ),
    [],
  );
  /** Cancelling an applied code clears the code and the discount. */
  const cancel = useCallback(() => setState({ phase: 'none' }), []);

  const apply = useCallback(async () => {
    if (shown.phase !== 'input' || shown.checking) return;
    const code = shown.code.trim();
    if (!code) {
      setState({ ...shown, code, error: MSG.invalidPromoCode });
      return;
    }
    setState({ ...shown, code, error: null, checking: true });
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
  }, [items, lookup, shown]);

  const discount = shown.phase === 'applied' ? computeDiscount(items, shown.coupon) : 0;
  const appliedCode = shown.phase === 'applied' ? shown.code : null;
  return { state: shown, open, close, setCode, apply, cancel, discount, appliedCode };
}
