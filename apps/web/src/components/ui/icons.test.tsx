import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { CheckIcon, icon } from './icons';

afterEach(cleanup);

describe('icon', () => {
  it('is hidden from screen readers unless it has a title, then it is a named image', () => {
    const { container } = render(<CheckIcon className="h-4 w-4" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('class')).toBe('h-4 w-4');

    render(<CheckIcon title="Included" />);
    expect(screen.getByRole('img', { name: 'Included' }).getAttribute('aria-hidden')).toBeNull();
  });

  it('draws its shape at the size it was made with', () => {
    const Small = icon(<path d="M1 1h2" />, 20);
    const svg = render(<Small />).container.querySelector('svg')!;
    expect([svg.getAttribute('width'), svg.getAttribute('height'), svg.getAttribute('viewBox')]).toEqual(['20', '20', '0 0 24 24']);
    expect(svg.querySelector('path')?.getAttribute('d')).toBe('M1 1h2');
  });
});
