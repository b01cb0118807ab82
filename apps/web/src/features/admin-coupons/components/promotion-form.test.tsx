import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { endOfLocalDay, localDay } from '@lbs/domain/voucher-forms';
import { PromotionForm } from './promotion-form';

afterEach(cleanup);

function renderForm(onSubmit = vi.fn(async () => {}), couponRedeemBy: number | null = null) {
  render(<PromotionForm couponRedeemBy={couponRedeemBy} onSubmit={onSubmit} onCancel={() => {}} />);
  return onSubmit;
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Promotion' }));
const tickAll = () => {
  fireEvent.click(screen.getByLabelText('Limit the number of redemptions'));
  fireEvent.click(screen.getByLabelText('Set an expiration date'));
  fireEvent.click(screen.getByLabelText('Require a minimum order value'));
};

describe('PromotionForm', () => {
  it('an empty or blank code: "Promotion code is required", nothing sent', async () => {
    const onSubmit = renderForm();
    submit();
    await screen.findByText('Promotion code is required');
    type('Promotion code', '   ');
    submit();
    await screen.findByText('Promotion code is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('ticking a box starts its field at 1 use, today and $1', () => {
    renderForm();
    tickAll();
    expect([
      field('Max redemptions').value,
      field('Expiration date').value,
      field('Minimum order (USD)').value,
    ]).toEqual(['1', localDay(), '1']);
  });

  it('each ticked field says what is wrong with it', async () => {
    const onSubmit = renderForm();
    tickAll();
    type('Promotion code', 'SPRING25');
    type('Max redemptions', 'two');
    type('Expiration date', '');
    type('Minimum order (USD)', 'fifty');
    submit();
    await screen.findByText('Max redemptions must be a valid number');
    expect(screen.getByText('Expiration date is invalid')).toBeTruthy();
    expect(screen.getByText('Minimum order value must be a valid number')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed code, the limits, the end of the expiry day and the minimum order in cents', async () => {
    const onSubmit = renderForm();
    tickAll();
    type('Promotion code', ' spring25 ');
    type('Max redemptions', '3');
    type('Expiration date', '2031-01-15');
    type('Minimum order (USD)', '49.99');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({
      code: 'spring25',
      max_redemptions: 3,
      expires_at: endOfLocalDay('2031-01-15'),
      minimum_amount: 4999,
    });
  });

  it('an unticked box sends nothing for its field', async () => {
    const onSubmit = renderForm();
    type('Promotion code', 'PLAIN1');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ code: 'PLAIN1' }));
  });

  it('offers no expiry past the coupon’s own and shows the server’s refusal', async () => {
    const redeemBy = Math.floor(new Date(endOfLocalDay('2030-06-30')).getTime() / 1000);
    renderForm(
      vi.fn(async () =>
        Promise.reject({
          status: 409,
          message: 'This promotion code already exists',
          requires_verification: false,
        }),
      ),
      redeemBy,
    );
    fireEvent.click(screen.getByLabelText('Set an expiration date'));
    expect(field('Expiration date').max).toBe('2030-06-30');
    type('Expiration date', '2030-06-01');
    type('Promotion code', 'TAKEN');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This promotion code already exists',
    );
  });
});
