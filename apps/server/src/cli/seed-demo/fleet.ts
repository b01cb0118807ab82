import { DEFAULT_OFFLINE_ALLOWANCE_HOURS } from '@lbs/domain/license-server';
import { DAY, HOUR, iso } from './clock';
import type { DemoLicense } from './licenses';
import { insertRows, type RawSql } from './raw-sql';
import { sample, type Rng } from './rng';

// The booths as the fleet view shows them (issue 20): host names, versions, leases, a few stale,
// where they checked in from, and the names their owners gave them.

/** Program versions, oldest first: a booth seen lately mostly runs the newest. */
const APP_VERSIONS = ['2.2.3', '2.3.0', '2.4.1'] as const;
/** What operators call their booths in the fleet view. */
const BOOTH_NICKNAMES = ['Front entrance', 'Mirror booth', 'Wedding booth A', 'Wedding booth B', 'Mall kiosk', 'Spare booth', 'Roamer', 'Corporate events', 'Open-air booth', 'Studio'];

function hostName(rng: Rng, index: number): string {
  const r = rng.next();
  if (r < 0.45) return `DESKTOP-${rng.chars('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', 7)}`;
  if (r < 0.75) return `PHOTOBOOTH-${String(index + 1).padStart(2, '0')}`;
  return `Booth-PC-${index + 1}`;
}


/**
 * Before the check-ins are recorded: each customer's devices get the host name they report, and
 * about one current booth in forty (one at least) has not checked in for longer than its plan's
 * offline allowance, so the fleet view marks it. Its own RNG stream: the rest of the shop stays as
 * a seed always made it.
 */
export function planFleet(rng: Rng, licenses: DemoLicense[], now: number): ReadonlySet<DemoLicense> {
  const names = new Map<string, string>();
  const perUser = new Map<number, number>();
  const keysOfDevice = new Map<string, number>();
  for (const l of licenses) {
    if (l.deviceId === null) continue;
    const key = `${l.userId}:${l.deviceId}`;
    keysOfDevice.set(key, (keysOfDevice.get(key) ?? 0) + 1);
    let name = names.get(key);
    if (name === undefined) {
      const index = perUser.get(l.userId) ?? 0;
      perUser.set(l.userId, index + 1);
      names.set(key, (name = hostName(rng, index)));
    }
    l.deviceName = name;
  }
  const allowance = (l: DemoLicense) => DEFAULT_OFFLINE_ALLOWANCE_HOURS[l.type] * HOUR;
  // A device on one key only: another key's later check-ins would show it seen.
  const staleable = licenses.filter(
    (l) => l.deviceBoundAt !== null && keysOfDevice.get(`${l.userId}:${l.deviceId}`) === 1 && l.type !== 'day' && l.revokedAt === null && l.expiresAt > now + DAY && now - l.deviceBoundAt > allowance(l) + 3 * DAY,
  );
  const stale = new Set(sample(rng, staleable, Math.max(1, Math.round(staleable.length / 40))));
  for (const l of stale) {
    l.lastValidatedAt = Math.floor(Math.max(l.deviceBoundAt! + HOUR, now - allowance(l) - rng.between(DAY, 3 * DAY)));
  }
  return stale;
}

/**
 * What the licence server has seen of the bound booths, as activation and validation record it
 * (device-addresses.ts): each device's addresses with their first and last time, and a licence
 * flagged (device_shared_at) when one device id is seen from two addresses within an hour. Most
 * booths check in from one connection; some were activated at the office and moved to the venue's
 * hours later (two addresses, no flag); a handful are a state folder copied to a second PC
 * (flagged); and about one current key in a thousand an admin has suspended (refused since, so no
 * check-in after it).
 */
export function recordCheckIns(rng: Rng, licenses: DemoLicense[], now: number, stale: ReadonlySet<DemoLicense>): void {
  const bound = licenses.filter((l) => l.deviceBoundAt !== null);
  // A stale booth stays a plain current key, or the fleet view would have none to mark.
  // (Suspended after its last automatic renewal was paid: a suspended key is never charged.)
  const since = (l: DemoLicense) => Math.max(l.deviceBoundAt!, l.renewedAt ?? 0);
  const current = bound.filter((l) => l.revokedAt === null && l.expiresAt > now && now - since(l) > 2 * HOUR && !stale.has(l));
  for (const l of sample(rng, current, Math.max(1, Math.round(current.length / 1000)))) {
    l.suspendedAt = Math.floor(rng.between(Math.max(since(l) + HOUR, now - 7 * DAY), now - HOUR));
    l.lastValidatedAt = Math.min(l.lastValidatedAt!, l.suspendedAt);
  }

  // Booths at events use the venue's or a phone's connection: carrier-grade NAT addresses.
  const address = (not?: string) => {
    let ip: string;
    do ip = `100.${64 + rng.int(64)}.${rng.int(256)}.${1 + rng.int(254)}`;
    while (ip === not);
    return ip;
  };
  for (const l of bound) {
    const [from, to] = [l.deviceBoundAt!, l.lastValidatedAt!];
    const venue = address();
    l.lastValidatedIp = venue;
    if (to - from > 3 * HOUR && rng.chance(0.2)) {
      // More than an hour between the two, so the server did not flag it.
      const officeUntil = Math.floor(from + rng.between(0, 20 * 60_000));
      const venueFrom = Math.floor(rng.between(officeUntil + HOUR + 60_000, to));
      l.addresses = [
        { ip: address(venue), firstSeenAt: from, lastSeenAt: officeUntil },
        { ip: venue, firstSeenAt: venueFrom, lastSeenAt: to },
      ];
    } else {
      l.addresses = [{ ip: venue, firstSeenAt: from, lastSeenAt: to }];
    }
  }

  const copyable = bound.filter(
    (l) => l.suspendedAt === null && l.revokedAt === null && l.addresses.length === 1 && l.lastValidatedAt! - l.deviceBoundAt! > 2 * HOUR,
  );
  for (const l of sample(rng, copyable, Math.max(2, Math.round(bound.length / 150)))) {
    const own = l.addresses[0]!;
    const copyFrom = Math.floor(rng.between(own.firstSeenAt + 30 * 60_000, own.lastSeenAt - HOUR));
    const copyUntil = Math.floor(copyFrom + rng.between(0, 40 * 60_000));
    l.addresses.push({ ip: address(own.ip), firstSeenAt: copyFrom, lastSeenAt: copyUntil });
    // The original's check-ins within the hour after the copy's last one moved the flag on.
    l.deviceSharedAt = Math.min(own.lastSeenAt, Math.floor(copyUntil + rng.between(0, HOUR)));
  }
}

/**
 * After the check-ins: the version each booth ran at its last check, and the lease that check
 * gave it (the plan's allowance from then, never past the key's end; a Daily pass's covers it).
 */
export function recordLeases(rng: Rng, licenses: DemoLicense[], now: number): void {
  for (const l of licenses) {
    if (l.lastValidatedAt === null) continue;
    const age = now - l.lastValidatedAt;
    const newest = age < 21 * DAY ? 2 : age < 60 * DAY ? 1 : 0;
    l.lastAppVersion = APP_VERSIONS[rng.chance(0.8) ? newest : Math.max(0, newest - 1)]!;
    const allowance = l.type === 'day' ? l.expiresAt - l.startAt : DEFAULT_OFFLINE_ALLOWANCE_HOURS[l.type] * HOUR;
    l.leaseExpiresAt = Math.min(l.expiresAt, l.lastValidatedAt + allowance);
  }
}

/** The names some customers gave their booths: about a third of the customers with booths name most of them. */
export function boothNicknames(rng: Rng, licenses: DemoLicense[]): Array<{ userId: number; deviceId: string; name: string }> {
  const devices = new Map<number, Set<string>>();
  for (const l of licenses) if (l.deviceId !== null) (devices.get(l.userId) ?? devices.set(l.userId, new Set()).get(l.userId)!).add(l.deviceId);
  const out: Array<{ userId: number; deviceId: string; name: string }> = [];
  for (const [userId, ids] of devices) {
    if (!rng.chance(0.35)) continue;
    [...ids].forEach((deviceId, i) => {
      if (rng.chance(0.8)) out.push({ userId, deviceId, name: BOOTH_NICKNAMES[(i + rng.int(BOOTH_NICKNAMES.length)) % BOOTH_NICKNAMES.length]! });
    });
  }
  return out;
}

/** The booths' names, as their owners set them at `now`. */
export function writeBoothNames(tx: RawSql, nicknames: ReadonlyArray<{ userId: number; deviceId: string; name: string }>, now: number): Promise<void> {
  return insertRows(tx, 'booth_names', [['user_id', 'int'], ['device_id', 'text'], ['name', 'text'], ['updated_at', 'timestamptz']], nicknames, (n) => [
    n.userId, n.deviceId, n.name, iso(now),
  ]);
}
