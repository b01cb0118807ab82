import { notifications } from '../../db/schema';

type NotificationRow = typeof notifications.$inferSelect;

/** The notification as the spec's screens read it. */
export function toNotificationJson(n: NotificationRow) {
  return {
    _id: n.id,
    type: n.type,
    title: n.title,
    message: n.message,
    created_at: n.createdAt.toISOString(),
    is_read: n.isRead,
    is_done: n.isDone,
  };
}
