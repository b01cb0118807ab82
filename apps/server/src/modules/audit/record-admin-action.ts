import type { AuditAction } from '@lbs/domain/admin-writes';
import type { DbOrTx } from '../../db/client';
import { adminAudit } from '../../db/schema';

/** Who acted and from where: the admin route's caller. */
export interface AuditActor {
  id: number;
  email: string;
  ip: string | null;
}

/**
 * Appends one audit row. Call it with the transaction that makes the change, so the log holds
 * exactly the writes that committed: a rolled-back change leaves no row, a committed one always
 * has its row.
 */
export async function recordAdminAction(
  tx: DbOrTx,
  entry: {
    actor: AuditActor;
    action: AuditAction;
    target: { type: string; id: string | number };
    before: unknown;
    after: unknown;
    /** The target in words, as it is now (see admin_audit.label): ACTIVITY shows it, not an id. */
    label?: string | null;
    /** The customer concerned, when there is one: their page's timeline lists the entry. */
    subjectUserId?: number | null;
  },
): Promise<void> {
  await tx.insert(adminAudit).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.target.type,
    targetId: String(entry.target.id),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.actor.ip,
    label: entry.label ?? null,
    subjectUserId: entry.subjectUserId ?? null,
  });
}

/** The actor of an admin request (the admin scope's guard has already resolved the user). */
export async function auditActorOf(req: { currentUser(): Promise<{ id: number; email: string } | null>; ip: string }): Promise<AuditActor> {
  const user = await req.currentUser();
  // The admin scope's onRequest guard answered 401/403 before any handler could get here.
  if (!user) throw new Error('audit: admin route reached without a user');
  return { id: user.id, email: user.email, ip: req.ip || null };
}
