import { eq } from 'drizzle-orm';
import type { TCustomerListQuery, TCustomerNotificationPage } from '@lbs/domain/customer-page';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { notifications } from '../../db/schema';
import { toNotificationJson } from '../notifications/notification-json';
import { assertCustomerExists } from './find-customer';

/** What the customer was told, newest first; read-only here (its read and done state is theirs). */
export async function listCustomerNotifications(db: Db, userId: number, paging: TCustomerListQuery): Promise<TCustomerNotificationPage> {
  await assertCustomerExists(db, userId);
  const page = await paginate(db, {
    from: notifications,
    where: eq(notifications.userId, userId),
    newestFirst: [notifications.createdAt],
    tieBreak: notifications.id,
    paging,
  });
  return { ...page, items: page.items.map(toNotificationJson) };
}
