import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { endOfLocalDay } from '@lbs/domain/voucher-forms';
import { CouponForm } from './coupon-form';

afterEach(cleanup);

function renderForm(onSubmit = vi.fn(async () => {})) {
  render(<CouponForm onSubmit={onSubmit} onCancel={() => {}} />);
  return onSubmit;
}
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Coupon' }));

describe('CouponForm', () => {
  it('an empty form: the name and discount value messages at their fields, nothing sent', async () => {
    const onSubmit = renderForm();
    submit();
    await screen.findByText('Coupon name is required');
    expect(screen.getByText('Discount value is required and must be a number')).toBeTruthy();
    expect(screen.getByLabelText('Coupon name').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a name of spaces is empty, and a discount that is not a number is refused', async () => {
    const onSubmit = renderForm();
    type('Coupon name', '   ');
    type('Discount value (%)', '12abc');
    submit();
    await screen.findByText('Coupon name is required');
    expect(screen.getByText('Discount value is required and must be a number')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('the ticked limit and expiry show their fields and need their values', async () => {
    const onSubmit = renderForm();
    expect(screen.queryByLabelText('Max redemptions')).toBeNull();
    fireEvent.click(screen.getByLabelText('Limit the number of redemptions'));
    fireEvent.click(screen.getByLabelText('Set an expiration date'));
    type('Coupon name', 'Launch');
    type('Discount value (%)', '10');
    type('Max redemptions', 'many');
    submit();
    await screen.findByText('Max redemptions must be a valid number');
    expect(screen.getByText('Expiration date is required if enabled')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a percentage goes out as typed with the limit and the end of the expiry day', async () => {
    const onSubmit = renderForm();
    type('Coupon name', ' Launch week ');
    type('Discount value (%)', '15');
    fireEvent.click(screen.getByLabelText('Limit the number of redemptions'));
    type('Max redemptions', '100');
    fireEvent.click(screen.getByLabelText('Set an expiration date'));
    type('Expiration date', '2031-03-31');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Launch week',
      discount_type: 'percent',
      discount_value: 15,
      max_redemptions: 100,
      redeem_by: endOfLocalDay('2031-03-31'),
    });
  });

  it('Fixed Amount Off is typed in dollars and sent in cents with currency usd', async () => {
    const onSubmit = renderForm();
    type('Coupon name', 'Ten fifty off');
    fireEvent.click(screen.getByLabelText('Fixed Amount Off'));
    type('Discount value (USD)', '10.50');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Ten fifty off',
      discount_type: 'amount',
      discount_value: 1050,
      currency: 'usd',
    });
  });

  it('a percentage over 100 is refused at the field by the body’s rule', async () => {
    const onSubmit = renderForm();
    type('Coupon name', 'Too much');
    type('Discount value (%)', '150');
    submit();
    await screen.findByText('Percentage off must be more than 0 and at most 100');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server’s detail when the call is refused', async () => {
    renderForm(
      vi.fn(async () =>
        Promise.reject({ status: 400, message: 'name: too long', requires_verification: false }),
      ),
    );
    type('Coupon name', 'Launch');
    type('Discount value (%)', '10');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('name: too long');
  });
});
