import { describe, expect, it } from 'vitest';
import { greeting, greetingName } from './greeting';

describe('greetingName', () => {
  it('takes the first name, else the shipping name, else the username', () => {
    expect(greetingName({ firstName: 'Ann', shippingName: 'Bob Lee', username: 'carl' })).toBe('Ann');
    expect(greetingName({ firstName: '', shippingName: 'Siti Rahma', username: 'booth99' })).toBe('Siti');
    expect(greetingName({ firstName: null, shippingName: null, username: 'Dewi Lestari' })).toBe('Dewi');
    expect(greeting({ firstName: 'Zoë' })).toBe('Hi Zoë,');
  });

  it('greets "there" rather than an address or a handle', () => {
    expect(greetingName({ username: 'ann@example.com' })).toBe('there');
    expect(greetingName({ username: 'booth99' })).toBe('there');
    expect(greetingName({})).toBe('there');
  });
});
