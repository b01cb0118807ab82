import { COUNTRIES, type CountryProfile } from './word-lists';
import { DAY, HOUR, iso, YEAR } from './clock';
import { insertRows, nextIds, type RawSql } from './raw-sql';
import { cumulative, type Rng } from './rng';

export const DEMO_EMAIL_DOMAIN = 'demo.example.com';
export const DEMO_ADMIN_EMAIL = `admin@${DEMO_EMAIL_DOMAIN}`;
/** Every demo account's password (printed by the CLI); it meets the sign-up password rule. */
export const DEMO_PASSWORD = 'Demo-Booth-2025!';

/** A name as an email's or a username's part: lower case, accents and spaces dropped. */
export const slug = (name: string) => name.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '');

export interface DemoUser {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  createdAt: number;
  country: CountryProfile;
  devices: string[];
}

/** The customers, oldest account first; their ids are given when they are written. */
export function generateUsers(rng: Rng, count: number, offset: number, now: number, windowStart: number): Omit<DemoUser, 'id'>[] {
  const countryWeights = cumulative(COUNTRIES.map((c) => c.weight));
  const users: Omit<DemoUser, 'id'>[] = [];
  for (let i = 0; i < count; i++) {
    const country = COUNTRIES[rng.weighted(countryWeights)]!;
    const group = rng.pick(country.names);
    const firstName = rng.pick(group.first);
    const lastName = rng.pick(group.last);
    const n = offset + i + 1;
    // A quarter signed up inside the window; the rest over the three years before, more of them lately.
    const createdAt = rng.chance(0.25)
      ? rng.between(windowStart, now - HOUR)
      : windowStart - (3 * YEAR - (now - windowStart)) * Math.pow(rng.next(), 1.6);
    const deviceCount = 1 + (rng.chance(0.3) ? 1 : 0) + (rng.chance(0.1) ? 1 : 0);
    users.push({
      email: `${slug(firstName)}.${slug(lastName)}.${n}@${DEMO_EMAIL_DOMAIN}`,
      username: `${slug(firstName)}_${slug(lastName)}${rng.chance(0.4) ? rng.int(100) : ''}`,
      firstName,
      lastName,
      createdAt: Math.floor(createdAt),
      country,
      devices: Array.from({ length: deviceCount }, () => rng.uuid()),
    });
  }
  return users.sort((x, y) => x.createdAt - y.createdAt);
}

/**
 * The customers as sign-up leaves them (verified, the one demo password), with their ids from the
 * users sequence, and in the first batch the demo admin after them.
 */
export async function writeUsers(
  tx: RawSql,
  drafts: Omit<DemoUser, 'id'>[],
  opts: { passwordHash: string; now: number; batch: number },
): Promise<DemoUser[]> {
  const { passwordHash, now, batch } = opts;
  const ids = await nextIds(tx, 'users', drafts.length + (batch === 0 ? 1 : 0));
  const users: DemoUser[] = drafts.map((u, i) => ({ ...u, id: ids[i]! }));
  // Mail choices as a real shop has them (by position, so the random draws stay as they were):
  // a third gave consent to promotional mail a day after signing up; one in ten turned
  // announcements off. ANNOUNCEMENTS then has an audience of each kind.
  const rows = users.map((u, i) => {
    const promotional = i % 3 === 0;
    return [u.id, u.username, u.email, passwordHash, 'user', u.firstName, u.lastName, true, iso(u.createdAt), iso(u.createdAt),
      promotional, promotional ? iso(Math.min(now, u.createdAt + DAY)) : null, i % 10 !== 9];
  });
  // The first batch brings an admin, so the back office can be opened with the same password.
  if (batch === 0) rows.push([ids.at(-1)!, 'demo_admin', DEMO_ADMIN_EMAIL, passwordHash, 'admin', 'Demo', 'Admin', true, iso(now - 3 * YEAR), iso(now - 3 * YEAR), false, null, true]);
  await insertRows(tx, 'users', [
    ['id', 'int'], ['username', 'text'], ['email', 'text'], ['password_hash', 'text'], ['role', 'text'],
    ['first_name', 'text'], ['last_name', 'text'], ['is_email_verified', 'boolean'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
    ['notify_promotional', 'boolean'], ['promotional_consent_at', 'timestamptz'], ['notify_announcements', 'boolean'],
  ], rows, (row) => row);
  return users;
}
