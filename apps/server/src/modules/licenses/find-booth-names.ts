import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { boothNames, licenses } from '../../db/schema';

type LicenseRow = typeof licenses.$inferSelect;

const boothKey = (userId: number, deviceId: string) => JSON.stringify([userId, deviceId]);

/**
 * The names owners gave the bound devices of these licences in the fleet view, one lookup on
 * booth_names' key (user, device) for all of them; read with customDeviceName().
 */
export async function findBoothNames(db: DbOrTx, rows: LicenseRow[]): Promise<Map<string, string>> {
  const bound = rows.filter((l) => l.deviceId !== null);
  if (!bound.length) return new Map();
  const pairs = sql.join(
    bound.map((l) => sql`(${l.userId}::integer, ${l.deviceId}::text)`),
    sql`, `,
  );
  const found = await db
    .select({ userId: boothNames.userId, deviceId: boothNames.deviceId, name: boothNames.name })
    .from(boothNames)
    .where(sql`(${boothNames.userId}, ${boothNames.deviceId}) in (${pairs})`);
  return new Map(found.map((n) => [boothKey(n.userId, n.deviceId), n.name]));
}

/** The owner's name for the licence's device, if they gave it one. */
export const customDeviceName = (names: Map<string, string>, l: LicenseRow): string | null =>
  l.deviceId === null ? null : (names.get(boothKey(l.userId, l.deviceId)) ?? null);
