import { describe, expect, it } from 'vitest';
import { ZAdminLicenseQuery, ZAdminOrderQuery, ZAdminUserQuery, ZEmailSuggestQuery, ZMarkReadBody, ZUserExportQuery } from './admin-queries';

describe('the back office list queries', () => {
  it('default to page 1 of 10 customers, blank search meaning none', () => {
    expect(ZAdminUserQuery.parse({})).toEqual({ page: 1, page_size: 10, role: 'user', q: undefined });
    expect(ZAdminUserQuery.parse({ q: '  ', role: 'admin' })).toMatchObject({ q: undefined, role: 'admin' });
    expect(ZAdminUserQuery.parse({ q: ' Ann ' }).q).toBe('Ann');
  });

  it('refuse unknown parameters, paging on the export, and text that would fail in SQL', () => {
    expect(ZAdminUserQuery.safeParse({ qq: 'x' }).success).toBe(false);
    expect(ZUserExportQuery.safeParse({ page: '1' }).success).toBe(false);
    expect(ZAdminUserQuery.safeParse({ q: 'a\u0000b' }).success).toBe(false);
    expect(ZEmailSuggestQuery.safeParse({ query: ' ' }).success).toBe(false);
  });

  it('take order status and from/to days in order', () => {
    expect(ZAdminOrderQuery.parse({ status: 'shipped', from: '2031-01-01', to: '2031-01-01' })).toMatchObject({ status: 'shipped' });
    for (const bad of [{ status: 'paid' }, { from: '2031-02-30' }, { from: '2031-01-02', to: '2031-01-01' }, { to: '0001-01-01' }]) {
      expect(ZAdminOrderQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('search licences by text and one of the three statuses', () => {
    expect(ZAdminLicenseQuery.parse({})).toEqual({ page: 1, page_size: 10, q: undefined });
    expect(ZAdminLicenseQuery.parse({ q: ' ABCDE ', status: 'revoked' })).toMatchObject({ q: 'ABCDE', status: 'revoked' });
    for (const bad of [{ status: 'current' }, { mode: 'ALL' }, { q: 'x'.repeat(201) }]) {
      expect(ZAdminLicenseQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('mark 1 to 100 uuids read', () => {
    const id = '7d0f3c1e-2b4a-4c8e-9f1a-3e5b6c7d8e9f';
    expect(ZMarkReadBody.safeParse({ ids: [id] }).success).toBe(true);
    expect(ZMarkReadBody.safeParse({ ids: [] }).success).toBe(false);
    expect(ZMarkReadBody.safeParse({ ids: Array.from({ length: 101 }, () => id) }).success).toBe(false);
    expect(ZMarkReadBody.safeParse({ ids: ['x'] }).success).toBe(false);
  });
});
