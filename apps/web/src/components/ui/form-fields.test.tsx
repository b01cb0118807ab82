import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PasswordField, PasswordFields } from './password-field';
import { TextField } from './text-field';

afterEach(cleanup);

describe('TextField', () => {
  it('ties its error and hint to the input and marks it invalid only with an error', () => {
    const { rerender } = render(<TextField label="Email" hint="We never share it." />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('We never share it.');

    rerender(<TextField label="Email" hint="We never share it." error="Email is required" />);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Email is required', 'We never share it.']);
  });
});

describe('PasswordField', () => {
  it('shows and hides the password with its own toggle', () => {
    render(<PasswordField label="Password" />);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('follows a shared toggle when given one (password and confirmation)', () => {
    render(
      <>
        <PasswordField label="New" shown onToggle={() => {}} />
        <PasswordField label="Confirm" shown onToggle={() => {}} />
      </>,
    );
    expect((screen.getByLabelText('New') as HTMLInputElement).type).toBe('text');
    expect((screen.getByLabelText('Confirm') as HTMLInputElement).type).toBe('text');
  });

  it('shows and hides the fields of one form together, from either toggle', () => {
    render(<PasswordFields fields={[{ label: 'New', name: 'password' }, { label: 'Confirm', name: 'confirm' }]} />);
    const fields = [screen.getByLabelText('New'), screen.getByLabelText('Confirm')] as HTMLInputElement[];
    fireEvent.click(screen.getAllByRole('button', { name: 'Show password' })[1]!);
    expect(fields.map((f) => f.type)).toEqual(['text', 'text']);
    fireEvent.click(screen.getAllByRole('button', { name: 'Hide password' })[0]!);
    expect(fields.map((f) => f.type)).toEqual(['password', 'password']);
  });
});
