import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { appSecrets } from './schema';

/**
 * A random secret kept in the database under `name`: created by whichever process asks first
 * (the insert races harmlessly, the first row wins), then read by all, across restarts. `create`
 * makes the value when it is not 32 random bytes (the licence server's signing key).
 */
export async function getOrCreateSecret(
  db: DbOrTx,
  name: string,
  create: () => string = () => crypto.randomBytes(32).toString('base64url'),
): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: create() })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}
