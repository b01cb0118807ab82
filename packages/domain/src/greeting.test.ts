import { describe, expect, it } from 'vitest';
import { greeting } from './greeting';

describe('greeting', () => {
  it('takes the first name, else the shipping name, else the username', () => {
    expect(greeting({ firstName: 'Ann', shippingName: 'Bob Lee', username: 'carl' })).toBe('Hi Ann,');
    expect(greeting({ firstName: '', shippingName: 'Siti Rahma', username: 'booth99' })).toBe('Hi Siti,');
    expect(greeting({ firstName: null, shippingName: null, username: 'Dewi Lestari' })).toBe('Hi Dewi,');
    expect(greeting({ firstName: 'Zoë' })).toBe('Hi Zoë,');
  });

  it('greets "there" rather than an address or a handle', () => {
    expect(greeting({ username: 'ann@example.com' })).toBe('Hi there,');
    expect(greeting({ username: 'booth99' })).toBe('Hi there,');
    expect(greeting({})).toBe('Hi there,');
  });
});
