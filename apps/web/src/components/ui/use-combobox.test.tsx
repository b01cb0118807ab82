import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useCombobox } from './use-combobox';

afterEach(cleanup);

const FRUITS = ['apple', 'banana', 'cherry'];

function Harness({ onPick, onEnter, popup }: { onPick: (i: number) => void; onEnter?: () => boolean; popup?: boolean }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const combo = useCombobox({ id: 'fruit', count: FRUITS.length, wrapper, onPick, onEnter, popup });
  return (
    <div>
      <div ref={wrapper}>
        <input aria-label="Fruit" {...combo.inputProps} onChange={combo.typed} />
        <ul {...combo.listProps} aria-label="Fruits" hidden={!combo.shown}>
          {FRUITS.map((f, i) => (
            <li key={f} {...combo.optionProps(i)}>
              {f}
            </li>
          ))}
        </ul>
      </div>
      <p>outside</p>
    </div>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Fruit' });
const key = (k: string) => fireEvent.keyDown(box(), { key: k });

describe('useCombobox', () => {
  it('opens on focus; the arrows move the highlight (wrapping) as the aria-activedescendant', () => {
    render(<Harness onPick={() => {}} />);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    fireEvent.focus(box());
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(box().hasAttribute('aria-activedescendant')).toBe(false);
    key('ArrowUp');
    expect(box().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'cherry' }).id);
    key('ArrowDown');
    expect(box().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'apple' }).id);
    expect(screen.getByRole('option', { name: 'apple' }).getAttribute('aria-selected')).toBe('true');
  });

  it('Enter picks the highlighted option; with none it is the caller’s, prevented only when used', () => {
    const onPick = vi.fn();
    const onEnter = vi.fn(() => false);
    render(<Harness onPick={onPick} onEnter={onEnter} />);
    fireEvent.focus(box());
    expect(fireEvent.keyDown(box(), { key: 'Enter' })).toBe(true); // not prevented: a form may submit
    expect(onEnter).toHaveBeenCalledTimes(1);
    key('ArrowDown');
    key('ArrowDown');
    expect(fireEvent.keyDown(box(), { key: 'Enter' })).toBe(false);
    expect(onPick).toHaveBeenCalledWith(1);
  });

  it('Escape closes the popup only, and goes no further; closed, it is left to what is around', () => {
    const around = vi.fn();
    document.addEventListener('keydown', around);
    render(<Harness onPick={() => {}} />);
    fireEvent.focus(box());
    key('Escape');
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true);
    expect(around).not.toHaveBeenCalled();
    key('Escape');
    expect(around).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', around);
  });

  it('a click on an option picks it; Tab and a click outside close the popup', () => {
    const onPick = vi.fn();
    render(<Harness onPick={onPick} />);
    fireEvent.focus(box());
    fireEvent.click(screen.getByRole('option', { name: 'banana' }));
    expect(onPick).toHaveBeenCalledWith(1);
    fireEvent.click(screen.getByText('outside'));
    expect(box().getAttribute('aria-expanded')).toBe('false');
    fireEvent.focus(box());
    key('Tab');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('typing opens the popup afresh, nothing highlighted', () => {
    render(<Harness onPick={() => {}} />);
    fireEvent.focus(box());
    key('ArrowDown');
    fireEvent.change(box(), { target: { value: 'b' } });
    expect(box().hasAttribute('aria-activedescendant')).toBe(false);
    expect(box().getAttribute('aria-expanded')).toBe('true');
  });
});
