import type { adminNotifications, notifications } from '../../db/schema';

type NotificationFields = Pick<
  typeof notifications.$inferSelect & typeof adminNotifications.$inferSelect,
  'id' | 'type' | 'title' | 'message' | 'createdAt' | 'isRead' | 'isDone'
>;

/** The notification as the spec's screens read it (a customer's, or a row of the admins' feed). */
export function toNotificationJson(n: NotificationFields) {
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
