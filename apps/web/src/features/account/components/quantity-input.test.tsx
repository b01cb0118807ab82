import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QuantityInput } from './quantity-input';

function Harness({ start = 1 }: { start?: number }) {
  const [n, setN] = useState(start);
  return <QuantityInput value={n} onChange={setN} of="Adhesion Roller" />;
}

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
});
