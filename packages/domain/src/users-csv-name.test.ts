import { describe, expect, it } from 'vitest';
import { usersCsvFileName } from './users-csv-name';

const morning = new Date('2026-11-25T23:30:00Z'); // 07:30 on 26 Nov in Singapore, still 25 Nov in UTC

describe('usersCsvFileName', () => {
  it('without a filter: users and the day', () => {
    expect(usersCsvFileName({ role: 'user' }, morning, 'Asia/Singapore')).toBe('users-2026-11-26.csv');
    expect(usersCsvFileName({ role: 'user', q: '  ' }, morning, 'Asia/Singapore')).toBe('users-2026-11-26.csv');
  });

  it("is dated by the admin's zone, not UTC's", () => {
    expect(usersCsvFileName({ role: 'user' }, morning, 'UTC')).toBe('users-2026-11-25.csv');
    expect(usersCsvFileName({ role: 'user' }, morning, 'Asia/Jakarta')).toBe('users-2026-11-26.csv');
  });

  it('says the search, in safe characters only', () => {
    expect(usersCsvFileName({ role: 'user', q: 'jos' }, morning, 'Asia/Singapore')).toBe('users-search-jos-2026-11-26.csv');
    expect(usersCsvFileName({ role: 'user', q: 'José Ñúñez' }, morning, 'Asia/Singapore')).toBe('users-search-jose-nunez-2026-11-26.csv');
    expect(usersCsvFileName({ role: 'user', q: '../"a\r\nb";x=1' }, morning, 'Asia/Singapore')).toBe('users-search-a-b-x-1-2026-11-26.csv');
    expect(usersCsvFileName({ role: 'user', q: '李' }, morning, 'Asia/Singapore')).toBe('users-search-2026-11-26.csv');
    const long = usersCsvFileName({ role: 'user', q: 'a'.repeat(200) }, morning, 'Asia/Singapore');
    expect(long).toBe(`users-search-${'a'.repeat(30)}-2026-11-26.csv`);
  });

  it('says a role other than customers', () => {
    expect(usersCsvFileName({ role: 'admin' }, morning, 'Asia/Singapore')).toBe('users-role-admin-2026-11-26.csv');
    expect(usersCsvFileName({ role: 'admin', q: 'ann' }, morning, 'Asia/Singapore')).toBe('users-role-admin-search-ann-2026-11-26.csv');
  });

  it('every name is made of safe characters', () => {
    for (const q of ['=cmd|"/c calc"!A1', 'a/b\\c', '%00', 'ünï', ' - ']) {
      expect(usersCsvFileName({ role: 'x y', q }, morning, 'UTC')).toMatch(/^[a-z0-9-]+\.csv$/);
    }
  });
});
