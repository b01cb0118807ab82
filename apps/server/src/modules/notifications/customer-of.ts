import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** Who an action's mail and notification are for: name to greet, address, and time zone for dates. */
export async function customerOf(tx: DbOrTx, userId: number) {
  const [customer] = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, username: users.username, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  return customer;
}

export type Customer = NonNullable<Awaited<ReturnType<typeof customerOf>>>;
