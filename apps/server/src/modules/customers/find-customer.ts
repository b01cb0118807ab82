import { sql, type SQL } from 'drizzle-orm';
import type { TCustomerDetail } from '@lbs/domain/customer-page';
import type { DbOrTx } from '../../db/client';
import { selectRows } from '../../db/select-rows';
import { notFound } from '../../lib/app-error';

export const CUSTOMER_NOT_FOUND = 'Customer not found';

/** A timestamp as either driver answers it (a Date, or text from a raw query). */
export const isoOf = (v: Date | string) => new Date(v).toISOString();

interface DetailRow {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  role: string;
  photo_url: string | null;
  is_email_verified: boolean;
  pending_email: string | null;
  created_at: Date | string;
  time_zone: string;
  email_verified_at: Date | string | null;
  spent: string | number;
  orders: string | number;
  invoices: string | number;
  licenses: string | number;
  notifications: string | number;
}

/**
 * The customer page's head: the account, and its totals counted by the database (each count reads
 * the table's (user_id, created_at) or (user_id, ...) index, never the rows into Node). What they
 * spent is the sum of their paid orders; refunds will subtract when the shop has them.
 */
export async function findCustomer(db: DbOrTx, id: number): Promise<TCustomerDetail> {
  const [row] = await selectRows<DetailRow>(db, customerDetailSql(id));
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return toCustomerDetail(row);
}

export function customerDetailSql(id: number): SQL {
  return sql`select u.id, u.email, u.username, u.first_name, u.last_name, u.role, u.photo_url, u.is_email_verified,
          u.pending_email, u.created_at, u.time_zone,
          (select max(e.created_at) from auth_events e
            where e.user_id = u.id and e.event in ('email_verified', 'email_changed', 'google_signup')) as email_verified_at,
          (select coalesce(sum(o.total_cents - o.refunded_cents), 0) from orders o where o.user_id = u.id and o.paid_at is not null) as spent,
          (select count(*) from orders o where o.user_id = u.id) as orders,
          (select count(*) from invoices i where i.user_id = u.id) as invoices,
          (select count(*) from licenses l where l.user_id = u.id) as licenses,
          (select count(*) from notifications n where n.user_id = u.id) as notifications
        from users u where u.id = ${id}`;
}

function toCustomerDetail(row: DetailRow): TCustomerDetail {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    photo_url: row.photo_url,
    is_email_verified: row.is_email_verified,
    email_verified_at: row.email_verified_at === null ? null : isoOf(row.email_verified_at),
    pending_email: row.pending_email,
    created_at: isoOf(row.created_at),
    time_zone: row.time_zone,
    total_spent_cents: Number(row.spent),
    currency: 'usd',
    counts: {
      orders: Number(row.orders),
      invoices: Number(row.invoices),
      licenses: Number(row.licenses),
      notifications: Number(row.notifications),
    },
  };
}

/** 404 unless the customer exists: every list of the page answers so for an unknown id. */
export async function assertCustomerExists(db: DbOrTx, id: number): Promise<void> {
  const [row] = await selectRows<{ id: number }>(db, sql`select id from users where id = ${id}`);
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
}
