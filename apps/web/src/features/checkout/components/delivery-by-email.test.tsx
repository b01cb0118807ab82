import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { addToCart, emptyCart } from '@lbs/domain/cart';
import type { TUser } from '@lbs/domain/responses';
import { useBillingCountry } from '../hooks/use-billing-country';
import { DeliveryByEmail } from './delivery-by-email';

// Issue 37: licence-only orders had no country. The checkout asks for a billing country, prefilled
// from the customer's profile (their country on record), else the browser's region.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER = { id: 1, username: 'ana', email: 'ana@example.com', role: 'user', photoURL: null, is_email_verified: true, first_name: 'Ana', last_name: '', created_at: '2030-01-01T00:00:00.000Z', pending_email: null } satisfies TUser;
const items = addToCart(emptyCart(), 12).items;

function Harness({ user, shippingCountry = '' }: { user: TUser; shippingCountry?: string }) {
  const billing = useBillingCountry(user, shippingCountry);
  return (
    <>
      <DeliveryByEmail items={items} email={user.email} className="" billing={billing} />
      <output data-testid="sent">{billing.value}</output>
    </>
  );
}
const select = () => screen.getByLabelText('Billing country') as HTMLSelectElement;

describe('the billing country of a licence-only checkout', () => {
  it('is asked, required, and prefilled from the profile', () => {
    render(<Harness user={{ ...USER, country: 'ID' }} />);
    expect(select().required).toBe(true);
    expect(select().value).toBe('ID');
    fireEvent.change(select(), { target: { value: 'MY' } });
    expect(screen.getByTestId('sent').textContent).toBe('MY');
  });

  it('without one on record: the shipping form’s country, else the browser’s region, else empty', () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'en-AU' });
    const { unmount } = render(<Harness user={USER} shippingCountry="SG" />);
    expect(select().value).toBe('SG');
    unmount();
    render(<Harness user={{ ...USER, country: null }} />);
    expect(select().value).toBe('AU');
    cleanup();
    vi.stubGlobal('navigator', { ...navigator, language: 'id' });
    render(<Harness user={USER} />);
    expect(select().value).toBe('');
  });
});
