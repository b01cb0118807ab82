import { eq, type Column, type SQL } from 'drizzle-orm';
import { isAdminRole } from '@lbs/domain/roles';

/** Who is asking, as a row-level check needs it (a SessionUser will do). */
export interface Caller {
  id: number;
  role: string;
}

/**
 * "The owner or an admin" for a row whose owner is only known once it is read: a notification by
 * its id, an invoice by its number. A route guard cannot decide these without the row, and a
 * guard that read it would look it up twice; so the rule is a condition of the query itself:
 * none for an admin, the caller's own rows for anyone else. Someone else's row then reads as
 * missing, the same 404 as an id that does not exist, so ids cannot be probed. Services take the
 * caller and add this to their WHERE, instead of each being handed an `isAdmin` flag to honour.
 */
export function scopeToCaller(ownerColumn: Column, caller: Caller): SQL | undefined {
  return isAdminRole(caller.role) ? undefined : eq(ownerColumn, caller.id);
}
