import type { TPaging } from '@lbs/domain/schemas';
import type { DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { adminAudit } from '../../db/schema';

export async function listAudit(db: DbOrTx, paging: TPaging) {
  const page = await paginate(db, { from: adminAudit, where: undefined, newestFirst: [adminAudit.createdAt], tieBreak: adminAudit.id, paging, countedAs: 'admin_audit' });
  return {
    ...page,
    items: page.items.map((row) => ({
      id: row.id,
      actor_id: row.actorId,
      actor_email: row.actorEmail,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      before: row.before ?? null,
      after: row.after ?? null,
      ip: row.ip,
      label: row.label,
      subject_user_id: row.subjectUserId,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
