import { sql, type SQL } from 'drizzle-orm';

/**
 * Everything that happened to one customer, one row per event, as one UNION ALL of per-source
 * selects. Each select reads its table by the customer: the (user_id, ...) indexes of users,
 * auth_events, orders, invoices, licenses and admin_audit (subject_user_id), and the licence
 * tables through the customer's licences (license_id leads their indexes). Columns:
 *
 *   at       when it happened
 *   kind     a CUSTOMER_TIMELINE_KINDS value
 *   id       unique in the timeline (kind and the source row), the last key of the order
 *   subject  what it is about, for the label: an order or invoice number, a key's last group, a
 *            device, an address
 *   detail   more about it (an amount in cents, a device name, an admin's address, a plan)
 *   extra    a second detail where a kind needs one (the admin action, a device id)
 *   ref_type, ref_id   what on the page it links to, or null
 */
export function timelineEventsSql(userId: number): SQL {
  // A key is named by its last group, as the fleet view and the back office's labels do.
  const keySuffix = sql.raw(`right(l.license_key, 5)`);
  return sql`
    select u.created_at as at, 'signed_up' as kind, 'signed_up:' || u.id as id,
           u.email as subject, null::text as detail, null::text as extra, null::text as ref_type, null::text as ref_id
      from users u where u.id = ${userId}
    union all
    select e.created_at, case e.event when 'email_verified' then 'email_verified' else 'email_changed' end, 'auth:' || e.id,
           e.email, null, null, null, null
      from auth_events e where e.user_id = ${userId} and e.event in ('email_verified', 'email_changed')
    union all
    -- An order's steps from one read of the customer's orders. A failed payment leaves the order
    -- as it was otherwise: its last change is the failure.
    select e.at, e.kind, e.kind || ':' || o.id, o.id::text, o.total_cents::text, null, 'order', o.id::text
      from orders o
      cross join lateral (values (o.created_at, 'order_created'), (o.paid_at, 'order_paid'),
                                 (case when o.payment_status = 'failed' then o.updated_at end, 'order_failed')) as e(at, kind)
     where o.user_id = ${userId} and e.at is not null
    union all
    select i.created_at, 'invoice_issued', 'invoice_issued:' || i.invoice_no, i.invoice_no::text, i.total_cents::text, null,
           'invoice', i.invoice_no::text
      from invoices i where i.user_id = ${userId}
    union all
    select l.created_at, 'license_issued', 'license_issued:' || l.id, ${keySuffix}, l.type, null, 'license', l.id::text
      from licenses l where l.user_id = ${userId}
    union all
    -- A renewal is a paid order line naming the licence it extends, read through the customer's
    -- licences (order_lines_renews_idx).
    select o.paid_at, 'license_renewed', 'license_renewed:' || ol.id, ${keySuffix}, o.id::text, null, 'license', l.id::text
      from licenses l
      join order_lines ol on ol.renews_license_id = l.id
      join orders o on o.id = ol.order_id and o.paid_at is not null
     where l.user_id = ${userId}
    union all
    select l.revoked_at, 'license_revoked', 'license_revoked:' || l.id, ${keySuffix}, null, null, 'license', l.id::text
      from licenses l where l.user_id = ${userId} and l.revoked_at is not null
    union all
    select l.suspended_at, 'license_suspended', 'license_suspended:' || l.id, ${keySuffix}, null, null, 'license', l.id::text
      from licenses l where l.user_id = ${userId} and l.suspended_at is not null
    union all
    -- The device the licence holds now, since it was bound (earlier devices show as first seen below).
    select l.device_bound_at, 'device_activated', 'device_activated:' || l.id, ${keySuffix}, l.device_name, l.device_id,
           'license', l.id::text
      from licenses l where l.user_id = ${userId} and l.device_id is not null and l.device_bound_at is not null
    union all
    select a.created_at, 'device_activated_offline', 'device_activated_offline:' || a.id, ${keySuffix}, a.device_name,
           case when a.by_admin then 'admin' else null end, 'license', l.id::text
      from licenses l join license_offline_activations a on a.license_id = l.id where l.user_id = ${userId}
    union all
    select min(d.first_seen_at), 'device_first_seen', 'device_first_seen:' || l.id || ':' || d.device_id, ${keySuffix},
           d.device_id, null, 'license', l.id::text
      from licenses l join license_device_addresses d on d.license_id = l.id
     -- The device the licence holds now is told by its activation above.
     where l.user_id = ${userId} and d.device_id is distinct from l.device_id
     group by l.id, l.license_key, d.device_id
    union all
    select x.created_at, 'device_deactivated', 'device_deactivated:' || x.id, ${keySuffix}, x.device_id, null, 'license', l.id::text
      from licenses l join license_deactivations x on x.license_id = l.id where l.user_id = ${userId}
    union all
    select r.created_at, 'device_reset', 'device_reset:' || r.id, ${keySuffix}, r.previous_device_id, null, 'license', l.id::text
      from licenses l join license_device_resets r on r.license_id = l.id where l.user_id = ${userId}
    union all
    -- What admins did about the customer. An order's status set to shipped or delivered is told as
    -- the order's own step; any other write is an admin action, with its stored label.
    select g.created_at,
           case when g.action = 'order.updated' and g.after->>'status' in ('shipped', 'delivered')
                     and g.before->>'status' is distinct from g.after->>'status'
                then 'order_shipped' else 'admin_action' end,
           'admin_action:' || g.id,
           case when g.action = 'order.updated' then g.target_id else g.label end,
           g.actor_email,
           case when g.action = 'order.updated' and g.after->>'status' in ('shipped', 'delivered')
                     and g.before->>'status' is distinct from g.after->>'status'
                then g.after->>'status' else g.action end,
           case when g.target_type in ('order', 'invoice', 'license') then g.target_type else null end,
           case when g.target_type in ('order', 'invoice', 'license') then g.target_id else null end
      from admin_audit g where g.subject_user_id = ${userId}`;
}

/** The timeline's order: newest first, then by kind and id so that ties keep one order across pages. */
const ORDER = sql.raw('at desc, kind, id');

/**
 * One page of the timeline and its total in one statement: the events are counted in the
 * database, and the page is cut there (a customer's events are a few thousand at most, so the
 * database sorts them in memory; last pages cost what first pages do).
 */
export function timelinePageSql(userId: number, limit: number, offset: number): SQL {
  return sql`
    with events as (${timelineEventsSql(userId)})
    select c.total, p.at, p.kind, p.id, p.subject, p.detail, p.extra, p.ref_type, p.ref_id
      from (select count(*) as total from events) c
      left join lateral (select * from events order by ${ORDER} limit ${limit} offset ${offset}) p on true`;
}
