import type { DbOrTx } from '../../db/client';
import { pageViews } from '../../db/schema';
import type { TPageViewBody } from '@lbs/domain/page-view';

export async function recordPageView(db: DbOrTx, view: TPageViewBody & { userId: number | null }): Promise<void> {
  await db.insert(pageViews).values({ path: view.path, referrer: view.referrer ?? null, userId: view.userId });
}
