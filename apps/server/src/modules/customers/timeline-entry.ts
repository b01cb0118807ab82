import { auditActionLabel } from '@lbs/domain/admin-writes';
import { LICENSE_TYPE_LABELS, type LicenseCreateMode } from '@lbs/domain/license-terms';
import { formatInvoiceNo } from '@lbs/domain/invoice-number';
import { fromCents, formatUsd } from '@lbs/domain/money';
import type { CustomerTimelineKind, TCustomerTimelineEntry } from '@lbs/domain/customer-page';
import { isoOf } from './find-customer';

/** One row of timelineEventsSql, as either driver answers it. */
export interface TimelineRow {
  at: Date | string;
  kind: CustomerTimelineKind;
  id: string;
  subject: string | null;
  detail: string | null;
  extra: string | null;
  ref_type: 'order' | 'invoice' | 'license' | null;
  ref_id: string | null;
}

const money = (cents: string | null) => (cents === null ? null : formatUsd(fromCents(Number(cents))));
const key = (suffix: string | null) => `…${suffix ?? ''}`;
const plan = (type: string | null) => (type === null ? null : (LICENSE_TYPE_LABELS[type as LicenseCreateMode] ?? type));
const by = (admin: string | null) => (admin === null ? null : `by ${admin}`);

/** What the entry says: a label that names what it is about, and a detail where there is more. */
function words(r: TimelineRow): { label: string; detail: string | null } {
  switch (r.kind) {
    case 'signed_up':
      return { label: 'Signed up', detail: r.subject };
    case 'email_verified':
      return { label: 'Email address verified', detail: r.subject };
    case 'email_changed':
      return { label: 'Email address changed', detail: r.subject };
    case 'order_created':
      return { label: `Order #${r.subject} placed`, detail: money(r.detail) };
    case 'order_paid':
      return { label: `Order #${r.subject} paid`, detail: money(r.detail) };
    case 'order_failed':
      return { label: `Payment for order #${r.subject} failed`, detail: money(r.detail) };
    case 'order_shipped':
      return { label: `Order #${r.subject} ${r.extra === 'delivered' ? 'delivered' : 'shipped'}`, detail: by(r.detail) };
    case 'invoice_issued':
      return { label: `Invoice ${formatInvoiceNo(Number(r.subject))} issued`, detail: money(r.detail) };
    case 'license_issued':
      return { label: `License ${key(r.subject)} issued`, detail: plan(r.detail) };
    case 'license_renewed':
      return { label: `License ${key(r.subject)} renewed`, detail: r.detail === null ? null : `order #${r.detail}` };
    case 'license_revoked':
      return { label: `License ${key(r.subject)} revoked`, detail: null };
    case 'license_suspended':
      return { label: `License ${key(r.subject)} suspended`, detail: null };
    case 'device_activated':
      return { label: `License ${key(r.subject)} activated on a device`, detail: r.detail ?? r.extra };
    case 'device_activated_offline':
      return { label: `License ${key(r.subject)} activated offline`, detail: [r.detail, r.extra === 'admin' ? 'by an admin' : null].filter(Boolean).join(', ') || null };
    case 'device_first_seen':
      return { label: `New device on license ${key(r.subject)}`, detail: r.detail };
    case 'device_deactivated':
      return { label: `License ${key(r.subject)} deactivated on a device`, detail: r.detail };
    case 'device_reset':
      return { label: `License ${key(r.subject)}: device reset`, detail: r.detail === null ? null : `was ${r.detail}` };
    case 'admin_action': {
      // In ACTIVITY's words; who did it is the detail.
      const what = auditActionLabel(r.extra ?? '');
      return { label: r.subject ? `${what}: ${r.subject}` : what, detail: by(r.detail) };
    }
  }
}

/** A timeline row as the API answers it. */
export function toTimelineEntry(r: TimelineRow): TCustomerTimelineEntry {
  return {
    id: r.id,
    at: isoOf(r.at),
    kind: r.kind,
    ...words(r),
    ref: r.ref_type !== null && r.ref_id !== null ? { type: r.ref_type, id: r.ref_id } : null,
  };
}
