import type { AuditAction } from '@lbs/domain/admin-writes';
import type { DbOrTx } from '../../db/client';
import { licenseLabel } from '../audit/audit-labels';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import type { LicenseRow } from './write-licenses';

/** The audit's copy of a licence: its terms, never the key itself (the log is read by every admin). */
export function auditView(l: LicenseRow) {
  return {
    user_id: l.userId,
    email: l.email,
    type: l.type,
    start_at: l.startAt.toISOString(),
    expires_at: l.expiresAt?.toISOString() ?? null,
    revoked_at: l.revokedAt?.toISOString() ?? null,
    activate_by: l.activateBy?.toISOString() ?? null,
  };
}

/**
 * The audit row of an admin's verb on a licence: the licence by its label (key's last characters
 * and owner), on its owner's timeline, with the before and after the verb chose to show.
 */
export function recordLicenseAction(
  tx: DbOrTx,
  actor: AuditActor,
  action: AuditAction,
  license: LicenseRow,
  change: { before: unknown; after: unknown },
): Promise<void> {
  return recordAdminAction(tx, {
    actor,
    action,
    target: { type: 'license', id: license.id },
    label: licenseLabel(license),
    subjectUserId: license.userId,
    before: change.before,
    after: change.after,
  });
}
