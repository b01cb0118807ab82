import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionLabel } from './admin-writes';

describe('the audit log’s actions in words', () => {
  it('names every action the server records, and shows an unknown one as its code', () => {
    for (const action of AUDIT_ACTIONS) expect(auditActionLabel(action)).not.toBe(action);
    expect(auditActionLabel('notifications.bulk_read')).toBe('Marked notifications as read');
    expect(auditActionLabel('users.exported')).toBe('users.exported');
  });
});
