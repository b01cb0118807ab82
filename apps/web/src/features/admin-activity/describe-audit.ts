import { formatDateTime } from '../../lib/format-date';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The target types in the back office's words, where the stored type is not already that. */
const TARGET_NOUNS: Record<string, string> = { promotion: 'promotion code' };

/**
 * What was acted on, in the words the entry was written with (its label): 'coupon “Launch week”',
 * 'promotion code LAUNCH20', 'order #1042 · jane@example.com', 'license …34567 · jane@example.com'.
 * An entry older than labels falls back to its id: 'order #1042', 'license 7d0f3c1e…' (an id too
 * long to read is cut), or a count for a bulk action ('3 notifications'). The full id is the title.
 */
export function auditTarget(type: string, id: string, label?: string | null): { text: string; full: string } {
  const full = `${type} ${id}`;
  if (label) {
    const noun = TARGET_NOUNS[type] ?? type;
    // A coupon's name is free text ('Launch week'); quoted, it does not run into the noun.
    return { text: type === 'coupon' ? `${noun} “${label}”` : `${noun} ${label}`, full };
  }
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

/**
 * Fields that hold an instant: the coupon and promotion JSON keeps Stripe's epoch seconds
 * (redeem_by, expires_at), which read as nothing to a person.
 */
const INSTANT_FIELD = /(^|_)(at|by|until|exp|iat)$/;
/** Epoch seconds from 2001 to 2286: a number in an instant field outside this is a count, not a time. */
const isEpochSeconds = (v: number) => Number.isInteger(v) && v >= 1e9 && v < 1e10;

/**
 * One value, short enough for a table cell: instants (ISO, or epoch seconds in a field named for a
 * time) as dates and times, long text cut. `field` is the JSON key the value was stored under.
 */
export function auditValue(v: unknown, field?: string): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') {
    if (ISO_INSTANT.test(v)) return formatDateTime(v);
    if (UUID.test(v)) return `${v.slice(0, 8)}…`;
    return v.length > MAX_TEXT ? `${v.slice(0, MAX_TEXT - 1)}…` : v;
  }
  if (typeof v === 'number' && field !== undefined && INSTANT_FIELD.test(field) && isEpochSeconds(v)) return formatDateTime(new Date(v * 1000).toISOString());
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) {
    const simple = v.every((x) => typeof x === 'string' || typeof x === 'number');
    return simple && v.length <= 3 ? v.map((x) => auditValue(x)).join(', ') : `${v.length} item${v.length === 1 ? '' : 's'}`;
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
      .map((k) => ({ field: fieldName(k), from: auditValue(before[k], k), to: auditValue(after[k], k) }));
  }
  if ((before === null || before === undefined) && isRecord(after)) {
    return Object.entries(after)
      .filter(([k, v]) => k !== 'id' && k !== 'created_at' && v !== null && v !== undefined)
      .map(([k, v]) => ({ field: fieldName(k), to: auditValue(v, k) }));
  }
  if (isRecord(before) && (after === null || after === undefined)) {
    return Object.entries(before).map(([k, v]) => ({ field: fieldName(k), from: auditValue(v, k), to: '—' }));
  }
  if (same(before, after)) return [];
  return [{ field: 'value', from: auditValue(before), to: auditValue(after) }];
}
