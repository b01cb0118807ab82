import type { AuditAction } from '@lbs/domain/admin-writes';
import { formatDateTime } from '../../lib/format-date';

/** The audit log's action codes in words; a code added later shows as itself. */
const ACTION_LABELS: Record<AuditAction, string> = {
  'license.generated': 'Generated a license',
  'license.revoked': 'Revoked a license',
  'order.updated': 'Updated an order',
  'coupon.created': 'Created a coupon',
  'coupon.deleted': 'Deleted a coupon',
  'promotion.created': 'Created a promotion code',
  'promotion.status_changed': 'Changed a promotion code’s status',
  'notifications.bulk_read': 'Marked notifications as read',
};

export function actionLabel(action: string): string {
  return (ACTION_LABELS as Record<string, string>)[action] ?? action;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What was acted on: 'order #1042', 'license 7d0f3c1e…' (an id too long to read is cut; the full
 * one is the title), or a count for a bulk action ('3 notifications').
 */
export function auditTarget(type: string, id: string): { text: string; full: string } {
  const full = `${type} ${id}`;
  if (/^\d+$/.test(id) && type.endsWith('s')) return { text: `${id} ${Number(id) === 1 ? type.slice(0, -1) : type}`, full };
  if (/^\d+$/.test(id)) return { text: `${type} #${id}`, full };
  if (UUID.test(id)) return { text: `${type} ${id.slice(0, 8)}…`, full };
  return { text: full, full };
}

export interface AuditChange {
  field: string;
  /** Absent when the field was set on something new (nothing before it). */
  from?: string;
  to: string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const MAX_TEXT = 48;

/** One value, short enough for a table cell: dates in the browser's time, long text cut. */
export function auditValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') {
    if (ISO_INSTANT.test(v)) return formatDateTime(v);
    if (UUID.test(v)) return `${v.slice(0, 8)}…`;
    return v.length > MAX_TEXT ? `${v.slice(0, MAX_TEXT - 1)}…` : v;
  }
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) {
    const simple = v.every((x) => typeof x === 'string' || typeof x === 'number');
    return simple && v.length <= 3 ? v.map(auditValue).join(', ') : `${v.length} item${v.length === 1 ? '' : 's'}`;
  }
  const text = JSON.stringify(v);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const fieldName = (key: string) => key.replace(/_/g, ' ');

/**
 * Before → after as the fields that differ. Something created lists what it was created with
 * (its id and creation time are in the target and the row's time already); something removed,
 * what it had. A field that stayed the same (the ids of a bulk action) is left out.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((k) => !same(before[k], after[k]))
      .map((k) => ({ field: fieldName(k), from: auditValue(before[k]), to: auditValue(after[k]) }));
  }
  if ((before === null || before === undefined) && isRecord(after)) {
    return Object.entries(after)
      .filter(([k, v]) => k !== 'id' && k !== 'created_at' && v !== null && v !== undefined)
      .map(([k, v]) => ({ field: fieldName(k), to: auditValue(v) }));
  }
  if (isRecord(before) && (after === null || after === undefined)) {
    return Object.entries(before).map(([k, v]) => ({ field: fieldName(k), from: auditValue(v), to: '—' }));
  }
  if (same(before, after)) return [];
  return [{ field: 'value', from: auditValue(before), to: auditValue(after) }];
}
