import { describe, expect, it } from 'vitest';
import { CUSTOMER_ROLE, isAdminRole } from './roles';

describe('isAdminRole', () => {
  it('makes the customer role no admin and every other role an admin', () => {
    expect(isAdminRole(CUSTOMER_ROLE)).toBe(false);
    expect(isAdminRole('admin')).toBe(true);
    expect(isAdminRole('support')).toBe(true);
  });
});
