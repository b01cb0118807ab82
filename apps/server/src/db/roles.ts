import { ne, type SQL } from 'drizzle-orm';
import { CUSTOMER_ROLE } from '@lbs/domain/roles';
import { users } from './schema';

/** The SQL twin of the domain's isAdminRole(): the users who are admins. */
export const isAdminUser = (): SQL => ne(users.role, CUSTOMER_ROLE);
