import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { configureStore } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import type { CartItem } from '@lbs/domain/cart';
import { api } from '../../../lib/api';
import { checkoutDraft } from '../checkout-draft';
import { usePromoCode } from './use-promo-code';

const MONTHLY = { product_id: 11, name: 'Monthly License', description: '', icon: '', key: 'month', price: 150, quantity: 1, stripe_price_id: 'month' } as CartItem;
const ITEMS = [MONTHLY];

/** Each code's answer, held until the test lets it go. */
let answers: Map<string, { release: () => void; body: unknown }>;

beforeEach(() => {
  sessionStorage.clear();
  answers = new Map();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const code = decodeURIComponent(new URL(input, 'http://localhost').pathname.split('/').pop()!);
      const body = code === 'old10' ? { active: true, coupon: { percent_off: 10, amount_off: null } } : { active: true, coupon: { percent_off: null, amount_off: 2500 } };
      await new Promise<void>((release) => answers.set(code, { release, body }));
      return Response.json(body);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPromo() {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (defaults) => defaults().concat(api.middleware),
  });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => usePromoCode(ITEMS), { wrapper });
}

it('a code the buyer applies while the saved one is still being checked stays applied when the late answer comes', async () => {
  checkoutDraft.savePromo({ code: 'old10', coupon: { percent_off: 10, amount_off: null } });
  const { result } = renderPromo();
  await waitFor(() => expect(answers.has('old10')).toBe(true));

  act(() => result.current.open());
  act(() => result.current.setCode('new25'));
  let applying!: Promise<void>;
  act(() => {
    applying = result.current.apply();
  });
  await waitFor(() => expect(answers.has('new25')).toBe(true));
  await act(async () => {
    answers.get('new25')!.release();
    await applying;
  });
  expect(result.current.appliedCode).toBe('new25');

  await act(async () => answers.get('old10')!.release());
  await waitFor(() => expect(checkoutDraft.promo()?.code).toBe('new25'));
  expect(result.current.appliedCode).toBe('new25');
  expect(result.current.discount).toBe(25);
});

it('an untouched box gets the saved code back once the server says it still works', async () => {
  checkoutDraft.savePromo({ code: 'old10', coupon: { percent_off: 10, amount_off: null } });
  const { result } = renderPromo();
  await waitFor(() => expect(answers.has('old10')).toBe(true));
  await act(async () => answers.get('old10')!.release());
  await waitFor(() => expect(result.current.appliedCode).toBe('old10'));
  expect(result.current.discount).toBe(15);
});
