import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@lbs/domain/admin-writes';
import { toTimelineEntry, type TimelineRow } from './timeline-entry';

const adminRow = (action: string, subject: string | null = '…34567'): TimelineRow => ({
  at: '2026-10-01T10:00:00.000Z',
  kind: 'admin_action',
  id: 'admin_action:1',
  subject,
  detail: 'admin@example.com',
  extra: action,
  ref_type: null,
  ref_id: null,
});

describe('an admin action on the customer timeline', () => {
  it('is in words for every action the audit log records, never its code', () => {
    for (const action of AUDIT_ACTIONS) {
      const { label } = toTimelineEntry(adminRow(action, null));
      expect(label, action).not.toContain(action);
      expect(label, action).toMatch(/^[A-Z][a-z]/);
    }
  });

  it('says it as ACTIVITY does, then what it was about, and who did it', () => {
    expect(toTimelineEntry(adminRow('license.mail_resent'))).toMatchObject({ label: 'Resent a license key mail: …34567', detail: 'by admin@example.com' });
    expect(toTimelineEntry(adminRow('order.refunded', '#1042 · jane@example.com')).label).toBe('Refunded an order: #1042 · jane@example.com');
  });

  it('shows an action named later as its code rather than nothing', () => {
    expect(toTimelineEntry(adminRow('users.exported', null)).label).toBe('users.exported');
  });
});
