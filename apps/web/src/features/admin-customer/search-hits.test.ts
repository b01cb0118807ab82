import { describe, expect, it } from 'vitest';
import type { TCustomerSearchHit } from '@lbs/domain/customer-page';
import { customerName, groupSearchHits, matchLabel, searchSummary } from './search-hits';

const hit = (over: Partial<TCustomerSearchHit>): TCustomerSearchHit => ({
  user_id: 1,
  email: 'ana@example.com',
  first_name: 'Ana',
  last_name: 'Putri',
  match: 'email',
  matched: 'email',
  ...over,
});

describe('customerName', () => {
  it('is the first and last name, else the sign-up name, else the address', () => {
    expect(customerName({ ...hit({ first_name: '', last_name: '' }), username: 'Sari W' })).toBe('Sari W');
    expect(customerName({ ...hit({}), username: 'Sari W' })).toBe('Ana Putri');
    expect(customerName(hit({}))).toBe('Ana Putri');
    expect(customerName(hit({ first_name: '', last_name: 'Putri' }))).toBe('Putri');
    expect(customerName(hit({ first_name: ' ', last_name: '' }))).toBe('ana@example.com');
  });
});

describe('matchLabel', () => {
  it('says what matched in the server’s words, capitalised', () => {
    expect(matchLabel({ match: 'order', matched: 'order #123' })).toBe('Order #123');
    expect(matchLabel({ match: 'license', matched: 'license …ABCD' })).toBe('License …ABCD');
  });
  it('falls back to the kind when the server gave no words', () => {
    expect(matchLabel({ match: 'invoice', matched: '' })).toBe('Invoice');
  });
});

describe('groupSearchHits', () => {
  it('makes one option per customer, with each thing that matched once, in the server’s order', () => {
    const options = groupSearchHits([
      hit({ user_id: 7, match: 'license', matched: 'license …ABCD', email: 'b@example.com', first_name: '', last_name: '' }),
      hit({ user_id: 1, match: 'name', matched: 'name' }),
      hit({ user_id: 7, match: 'email', matched: 'email', email: 'b@example.com', first_name: '', last_name: '' }),
      hit({ user_id: 7, match: 'license', matched: 'license …ABCD', email: 'b@example.com', first_name: '', last_name: '' }),
    ]);
    expect(options).toEqual([
      { userId: 7, email: 'b@example.com', name: 'b@example.com', nameIsEmail: true, matches: ['License …ABCD', 'Email'] },
      { userId: 1, email: 'ana@example.com', name: 'Ana Putri', nameIsEmail: false, matches: ['Name'] },
    ]);
  });
  it('is empty for no hits', () => {
    expect(groupSearchHits([])).toEqual([]);
  });
});

describe('searchSummary', () => {
  it('says when nothing matched, quoting what was typed', () => {
    expect(searchSummary('zzz', [])).toBe('No customer matches “zzz”.');
  });
  it('says Enter opens a single customer, and how to choose among several', () => {
    const [one] = groupSearchHits([hit({})]);
    expect(searchSummary('ana', [one!])).toMatch(/^1 customer: press Enter/);
    expect(searchSummary('a', [one!, { ...one!, userId: 2 }])).toMatch(/^2 customers: use the arrow keys/);
  });
});
