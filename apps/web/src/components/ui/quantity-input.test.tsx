import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MAX_LINE_QUANTITY } from '@lbs/domain/cart';
import { QuantityInput } from './quantity-input';

function Harness({ start = 1, min, hideLabel }: { start?: number; min?: number; hideLabel?: boolean }) {
  const [n, setN] = useState(start);
  return <QuantityInput value={n} onChange={setN} of="Adhesion Roller" min={min} hideLabel={hideLabel} />;
}

const field = () => screen.getByLabelText('Quantity of Adhesion Roller') as HTMLInputElement;

afterEach(cleanup);

describe('QuantityInput', () => {
  it('keeps whole numbers and reverts anything else on blur', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Quantity of Adhesion Roller') as HTMLInputElement;
    for (const bad of ['', 'abc', '-2', '1.5', '2e3']) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.blur(input);
      expect(input.value, bad).toBe('1');
    }
    fireEvent.change(input, { target: { value: ' 7 ' } });
    fireEvent.blur(input);
    expect(input.value).toBe('7');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    expect(input.value).toBe('0');
  });

  it('never goes below 0 with the minus button', () => {
    render(<Harness start={1} />);
    const minus = screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;
    fireEvent.click(minus);
    expect((screen.getByLabelText('Quantity of Adhesion Roller') as HTMLInputElement).value).toBe('0');
    expect(minus.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect((screen.getByLabelText('Quantity of Adhesion Roller') as HTMLInputElement).value).toBe('1');
  });

  it('commits on Enter and caps a typed quantity at the line maximum', () => {
    render(<Harness />);
    fireEvent.change(field(), { target: { value: '4' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(field().value).toBe('4');
    fireEvent.change(field(), { target: { value: String(MAX_LINE_QUANTITY + 5) } });
    fireEvent.blur(field());
    expect(field().value).toBe(String(MAX_LINE_QUANTITY));
    expect((screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('with a minimum of 1 (accessories), minus stops at 1 and a typed 0 reverts; the hidden label still names it', () => {
    render(<Harness start={2} min={1} hideLabel />);
    const minus = screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;
    fireEvent.click(minus);
    expect(field().value).toBe('1');
    expect(minus.disabled).toBe(true);
    fireEvent.change(field(), { target: { value: '0' } });
    fireEvent.blur(field());
    expect(field().value).toBe('1');
  });
});
