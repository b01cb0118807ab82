import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from './client';
import { DEFAULT_DEMO_OPTIONS, DEMO_ADMIN_EMAIL, DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, DemoDataPresentError, seedDemoShop } from './seed-demo';

const USAGE = `npm run seed:demo -- [--users N] [--orders N] [--events N] [--days N] [--seed N] [--now ISO] [--force]

Fills the database the server uses (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR,
default apps/server/data) with a demo shop: customers, paid orders over the last --days days,
coupons, licences, notifications and usage events. Defaults: --users ${DEFAULT_DEMO_OPTIONS.users} --orders ${DEFAULT_DEMO_OPTIONS.orders} --events ${DEFAULT_DEMO_OPTIONS.events} --days ${DEFAULT_DEMO_OPTIONS.days} --seed ${DEFAULT_DEMO_OPTIONS.seed}.
The same --seed and --now give the same shop (licence keys excepted: they are always random).
A database that already holds demo data is left alone unless --force, which appends a batch.`;

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`--${name} must be a whole number, got "${value}"`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      users: { type: 'string' },
      orders: { type: 'string' },
      events: { type: 'string' },
      days: { type: 'string' },
      seed: { type: 'string' },
      now: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const now = values.now ? new Date(values.now) : new Date();
  if (Number.isNaN(now.getTime())) throw new RangeError(`--now must be an ISO date-time, got "${values.now}"`);
  const options = {
    users: wholeNumber('users', values.users, DEFAULT_DEMO_OPTIONS.users),
    orders: wholeNumber('orders', values.orders, DEFAULT_DEMO_OPTIONS.orders),
    events: wholeNumber('events', values.events, DEFAULT_DEMO_OPTIONS.events),
    days: wholeNumber('days', values.days, DEFAULT_DEMO_OPTIONS.days),
    seed: wholeNumber('seed', values.seed, DEFAULT_DEMO_OPTIONS.seed),
    force: values.force,
    now,
  };

  const url = process.env.DATABASE_URL || undefined;
  // Relative to apps/server, where `npm start` runs, so both use the same PGlite files.
  const dataDir = path.resolve(path.join(import.meta.dirname, '..', '..'), process.env.DATA_DIR || './data');
  const opening = performance.now();
  const database = await openDatabase({ url, dataDir });
  // Only the database name is shown: the URL may carry a password.
  const where = url ? `PostgreSQL database "${new URL(url).pathname.slice(1) || 'postgres'}"` : `PGlite in ${dataDir}`;
  console.log(`Seeding a demo shop into ${where}`);
  console.log(
    `  ${options.users} users, ${options.orders} orders, ${options.events} events over ${options.days} days, seed ${options.seed}\n`,
  );
  console.log(`  ${'open database'.padEnd(28)} ${((performance.now() - opening) / 1000).toFixed(2).padStart(7)} s`);
  const started = performance.now();
  try {
    const result = await seedDemoShop(database, options, (line) => console.log(line));
    const total = (performance.now() - started) / 1000;
    console.log(`  ${'total'.padEnd(28)} ${total.toFixed(2).padStart(7)} s\n`);
    console.log(
      `Wrote ${result.users} customers, ${result.orders} orders (${result.paidOrders} paid), invoices ` +
        `#${result.invoices.first ?? '-'}..#${result.invoices.last ?? '-'}, ${result.licenses} licences, ` +
        `${result.coupons} coupons with ${result.promotionCodes} codes (${result.redemptions} redemptions), ` +
        `${result.notifications} notifications, ${result.events} usage events.`,
    );
    console.log(`\nEvery demo account (*@${DEMO_EMAIL_DOMAIN}) signs in with the password: ${DEMO_PASSWORD}`);
    console.log(`The back office: ${DEMO_ADMIN_EMAIL} with the same password.`);
  } catch (err) {
    if (err instanceof DemoDataPresentError) {
      console.error(err.message);
      process.exitCode = 1;
      return;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
