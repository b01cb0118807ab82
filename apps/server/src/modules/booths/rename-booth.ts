import { and, eq, sql } from 'drizzle-orm';
import type { TBooth, TBoothRenameBody } from '@lbs/domain/booths';
import type { LicenseServerType } from '@lbs/domain/license-server';
import { MSG } from '@lbs/domain/messages';
import type { Db } from '../../db/client';
import { boothNames, licenses } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { findBooth } from './list-booths';

/**
 * POST /booths/rename: the caller's own name for one of their booths, over the name it reports;
 * an empty name takes the custom one away. Only a device bound to one of the caller's licences
 * can be named (anything else is a 404, as if it did not exist: no probing for device ids). The
 * name is kept per user and device id, so it survives the booth moving to a new key.
 */
export async function renameBooth(db: Db, userId: number, body: TBoothRenameBody, allowanceHours: Readonly<Record<LicenseServerType, number>>): Promise<TBooth> {
  return db.transaction(async (tx) => {
    const [bound] = await tx
      .select({ id: licenses.id })
      .from(licenses)
      .where(and(eq(licenses.userId, userId), eq(licenses.deviceId, body.device_id)))
      .limit(1);
    if (!bound) throw notFound(MSG.boothNotFound);
    if (body.name === '') {
      await tx.delete(boothNames).where(and(eq(boothNames.userId, userId), eq(boothNames.deviceId, body.device_id)));
    } else {
      await tx
        .insert(boothNames)
        .values({ userId, deviceId: body.device_id, name: body.name })
        .onConflictDoUpdate({ target: [boothNames.userId, boothNames.deviceId], set: { name: body.name, updatedAt: sql`now()` } });
    }
    return (await findBooth(tx, userId, body.device_id, allowanceHours))!;
  });
}
