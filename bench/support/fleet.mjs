/* global performance */
// The fleet view at a busy customer's size (issue 20): one customer with FLEET_DEVICES booths over
// FLEET_LICENSES keys (the last keys a second, expired key of the first booths, as a booth that ran
// last year's plan), FLEET_EVENTS usage events over 30 days (90% theirs, the rest another
// customer's 200 booths; the shop holds 20,000 more keys), seeded in SQL. Then GET /api/booths timed in the server's own process
// (app.inject: routing, the session, the query and the JSON; no socket), median and p95.
import { sql } from 'drizzle-orm';
import { buildTestApp } from '../../apps/server/test/build-test-app.ts';
import { createUserWithSession } from '../../apps/server/test/fixtures.ts';

export const FLEET_DEVICES = 50;
export const FLEET_LICENSES = 60;
export const FLEET_EVENTS = Number(process.env.BENCH_FLEET_EVENTS ?? 1_000_000);
const OTHER_BOOTHS = 200;
/** The rest of the shop's keys (another customer's), so the licences table has a shop's size. */
const OTHER_LICENSES = 20_000;
const CHUNK = 100_000;
const CALLS = Number(process.env.BENCH_FLEET_CALLS ?? 200);

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

// Whole numbers of this script written into the SQL (generate_series needs their types known).
const n = (x) => sql.raw(String(Math.trunc(x)));

export async function seedFleet(db, customer, other) {
  // The customer's keys: booth n holds key n (yearly, or monthly every fifth); keys past the 50th
  // are older, expired keys of booths 1..10.
  await db.execute(sql`
    insert into licenses (license_key, type, user_id, email, start_at, expires_at, device_id, device_name, device_bound_at,
      last_validated_at, last_app_version, lease_expires_at, device_shared_at)
    select 'FLEET-' || lpad(i::text, 6, '0'),
      case when i % 5 = 0 then 'month' else 'year' end,
      ${n(customer.id)}, ${customer.email},
      case when i > ${n(FLEET_DEVICES)} then now() - interval '400 days' else now() - interval '60 days' end,
      case when i > ${n(FLEET_DEVICES)} then now() - interval '35 days' when i % 5 = 0 then now() + interval '20 days' else now() + interval '300 days' end,
      'booth-' || lpad((((i - 1) % ${n(FLEET_DEVICES)}) + 1)::text, 3, '0'),
      'BOOTH-PC-' || lpad((((i - 1) % ${n(FLEET_DEVICES)}) + 1)::text, 3, '0'),
      now() - interval '60 days',
      case when i > ${n(FLEET_DEVICES)} then now() - interval '35 days' else now() - (i * 17 || ' minutes')::interval - case when i % 7 = 0 then interval '9 days' else interval '0' end end,
      '2.4.' || (i % 3),
      now() + interval '14 days',
      case when i = 3 then now() - interval '2 days' end
    from generate_series(1, ${n(FLEET_LICENSES)}) as i`);
  await db.execute(sql`
    insert into licenses (license_key, type, user_id, email, start_at, expires_at, device_id, device_name, device_bound_at, last_validated_at)
    select 'OTHER-' || lpad(i::text, 6, '0'), 'year', ${n(other.id)}, ${other.email}, now() - interval '60 days', now() + interval '300 days',
      'other-' || i, 'OTHER-PC-' || i, now() - interval '60 days', now() - interval '1 hour'
    from generate_series(1, ${n(OTHER_LICENSES)}) as i`);
  // A few of the customer's names for their booths.
  await db.execute(sql`
    insert into booth_names (user_id, device_id, name)
    select ${n(customer.id)}, 'booth-' || lpad(i::text, 3, '0'), 'Venue booth ' || i from generate_series(1, ${n(FLEET_DEVICES)}, 4) as i`);
  const theirs = Math.round(FLEET_EVENTS * 0.9);
  for (let from = 0; from < FLEET_EVENTS; from += CHUNK) {
    const to = Math.min(FLEET_EVENTS, from + CHUNK) - 1;
    // Events g < theirs are the customer's, spread over their current keys (the expired ones ended
    // before the month: the licence server refuses events outside a key's term); the rest the
    // other customer's.
    // Each group runs oldest first, so a chunk writes hours of its own, as a shop writes each hour
    // once it has passed (not every hour rewritten by every chunk, which would leave the hourly
    // counts ten versions deep).
    await db.execute(sql`
      with keys as (
        select user_id, row_number() over (partition by user_id order by license_key) - 1 as n, id, device_id from licenses
        where user_id in (${n(customer.id)}, ${n(other.id)})
      )
      insert into usage_events (license_id, kind, device_id, occurred_at, filename, file_type, processing_time, error_message, ip_address)
      select k.id, case when g % 20 = 0 then 'error' else 'success' end, k.device_id,
        now() - interval '30 days' + interval '30 days' * case when g < ${n(theirs)} then g::float8 / ${n(theirs)} else (g - ${n(theirs)})::float8 / ${n(FLEET_EVENTS - theirs)} end,
        'IMG_' || g || '.jpg', 'jpg', case when g % 20 = 0 then null else 2.5 end,
        case when g % 20 = 0 then 'Depth map could not be computed' end, '203.0.113.7'
      from generate_series(${n(from)}, ${n(to)}) as g
      join keys k on k.user_id = case when g < ${n(theirs)} then ${n(customer.id)} else ${n(other.id)} end
        and k.n = case when g < ${n(theirs)} then g % ${n(FLEET_DEVICES)} else g % ${n(OTHER_BOOTHS)} end`);
  }
  // What autovacuum would have done over the month (PGlite has none: the bench does it there too).
  await db.execute(sql`vacuum analyze`);
}

/** Seeds a fresh database (PostgreSQL when databaseUrl is given, else PGlite) and times GET /api/booths. */
export async function benchFleet(label, databaseUrl) {
  const saved = process.env.DATABASE_URL;
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  let t;
  try {
    t = await buildTestApp({ RATE_LIMIT_DISABLED: '1' });
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
  try {
    const customer = await createUserWithSession(t.db);
    const other = await createUserWithSession(t.db);
    const seeding = performance.now();
    await seedFleet(t.db, customer, other);
    const seedSeconds = (performance.now() - seeding) / 1000;
    const call = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/booths?page=1&page_size=${FLEET_DEVICES}`, headers: customer.headers });
      if (res.statusCode !== 200) throw new Error(`GET /api/booths answered ${res.statusCode}: ${res.body}`);
      return res.json();
    };
    const first = await call();
    if (first.total !== FLEET_DEVICES || first.items.length !== FLEET_DEVICES) throw new Error(`expected ${FLEET_DEVICES} booths, got ${first.total}`);
    const files = first.items.reduce((n, b) => n + b.files_7d + b.errors_7d, 0);
    for (let i = 0; i < 10; i++) await call();
    const times = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { label, seedSeconds, median: quantile(times, 0.5), p95: quantile(times, 0.95), files, stale: first.items.filter((b) => b.stale).length };
  } finally {
    await t.close();
  }
}
