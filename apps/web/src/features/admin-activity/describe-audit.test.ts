import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format-date';
import { auditChanges, auditTarget, auditValue } from './describe-audit';

describe('the audit log in words', () => {
  it('names a target by the label written with the entry, keeping the id as the title', () => {
    expect(auditTarget('coupon', 'c02af346-7b1e-4c8e-9f1a-3e5b6c7d8e9f', 'Launch week')).toEqual({
      text: 'coupon “Launch week”',
      full: 'coupon c02af346-7b1e-4c8e-9f1a-3e5b6c7d8e9f',
    });
    expect(auditTarget('promotion', 'a1b2c3d4-7b1e-4c8e-9f1a-3e5b6c7d8e9f', 'LAUNCH20').text).toBe('promotion code LAUNCH20');
    expect(auditTarget('order', '1042', '#1042 · jane@example.com').text).toBe('order #1042 · jane@example.com');
    expect(auditTarget('license', '7d0f3c1e-2b4a-4c8e-9f1a-3e5b6c7d8e9f', '…34567 · jane@example.com').text).toBe('license …34567 · jane@example.com');
  });

  it('names targets of entries older than labels: a numbered one, a uuid cut short, a bulk count', () => {
    expect(auditTarget('order', '1042').text).toBe('order #1042');
    expect(auditTarget('license', '7d0f3c1e-2b4a-4c8e-9f1a-3e5b6c7d8e9f')).toEqual({
      text: 'license 7d0f3c1e…',
      full: 'license 7d0f3c1e-2b4a-4c8e-9f1a-3e5b6c7d8e9f',
    });
    expect(auditTarget('notifications', '3').text).toBe('3 notifications');
    expect(auditTarget('notifications', '1').text).toBe('1 notification');
    expect(auditTarget('order', '1042', null).text).toBe('order #1042');
  });

  it('shows only the fields that changed, before → after', () => {
    const ids = ['a', 'b'];
    expect(auditChanges({ ids, is_read: false }, { ids, is_read: true })).toEqual([{ field: 'is read', from: 'false', to: 'true' }]);
    expect(auditChanges({ status: 'pending', track_num: '' }, { status: 'shipped', track_num: 'SG123' })).toEqual([
      { field: 'status', from: 'pending', to: 'shipped' },
      { field: 'track num', from: '—', to: 'SG123' },
    ]);
    expect(auditChanges({ active: true }, { active: true })).toEqual([]);
  });

  it('lists what something was created with, without its id, creation time or empty fields', () => {
    expect(auditChanges(null, { id: 'c1', name: 'SUMMER', discount_type: 'percent', max_redemptions: null, created_at: '2030-01-01T00:00:00.000Z' })).toEqual([
      { field: 'name', to: 'SUMMER' },
      { field: 'discount type', to: 'percent' },
    ]);
    expect(auditChanges({ name: 'X' }, null)).toEqual([{ field: 'name', from: 'X', to: '—' }]);
  });

  it('keeps values short: dates in local time, long text and lists cut', () => {
    expect(auditValue('2030-01-01T10:00:00.000Z')).toBe(formatDateTime('2030-01-01T10:00:00.000Z'));
    expect(auditValue('x'.repeat(100))).toHaveLength(48);
    expect(auditValue(['a', 'b'])).toBe('a, b');
    expect(auditValue(['a', 'b', 'c', 'd'])).toBe('4 items');
    expect(auditValue({ deep: { x: 1 } })).toBe('{"deep":{"x":1}}');
    expect(auditValue(null)).toBe('—');
    expect(auditValue('43ba579a-44c4-4bad-a87b-07257f2c4c90')).toBe('43ba579a…');
  });

  it('shows epoch seconds in a field named for a time as a date, and leaves counts alone', () => {
    const at = 1_924_992_000; // 2031-01-01T00:00:00Z
    expect(auditValue(at, 'redeem_by')).toBe(formatDateTime('2031-01-01T00:00:00.000Z'));
    expect(auditValue(at, 'expires_at')).toBe(formatDateTime('2031-01-01T00:00:00.000Z'));
    expect(auditValue(at, 'max_redemptions')).toBe(String(at));
    expect(auditValue(20, 'expires_at')).toBe('20');
    expect(auditValue(at)).toBe(String(at));
    // As stored by a coupon's creation and a promotion code's: no raw seconds reach the screen.
    expect(auditChanges(null, { name: 'Launch', redeem_by: at })).toEqual([
      { field: 'name', to: 'Launch' },
      { field: 'redeem by', to: formatDateTime('2031-01-01T00:00:00.000Z') },
    ]);
    expect(auditChanges({ expires_at: null }, { expires_at: at })).toEqual([{ field: 'expires at', from: '—', to: formatDateTime('2031-01-01T00:00:00.000Z') }]);
  });
});
