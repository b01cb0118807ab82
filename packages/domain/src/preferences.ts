import { z } from 'zod';

/**
 * The time zones the account offers, as IANA names, ordered by UTC offset: the spec's nine (§2),
 * Pacific Time to Australian Eastern, and Indonesia's three (DESIGN §6.2: many customers are there).
 */
export const DISPLAY_TIME_ZONES = [
  { id: 'America/Los_Angeles', label: 'Pacific Time (PT)' },
  { id: 'America/Denver', label: 'Mountain Time (MT)' },
  { id: 'America/Chicago', label: 'Central Time (CT)' },
  { id: 'America/New_York', label: 'Eastern Time (ET)' },
  { id: 'Etc/GMT', label: 'Greenwich Mean Time (GMT)' },
  { id: 'Europe/Paris', label: 'Central European Time (CET)' },
  { id: 'Asia/Kolkata', label: 'India Standard Time (IST)' },
  { id: 'Asia/Jakarta', label: 'Western Indonesia Time (WIB)' },
  { id: 'Asia/Singapore', label: 'Singapore Time (SGT)' },
  { id: 'Asia/Makassar', label: 'Central Indonesia Time (WITA)' },
  { id: 'Asia/Jayapura', label: 'Eastern Indonesia Time (WIT)' },
  { id: 'Australia/Sydney', label: 'Australian Eastern Time (AET)' },
] as const;
export type DisplayTimeZone = (typeof DISPLAY_TIME_ZONES)[number]['id'];
export const DEFAULT_DISPLAY_TIME_ZONE: DisplayTimeZone = 'Asia/Singapore';

const ZONE_IDS = DISPLAY_TIME_ZONES.map((z) => z.id) as [DisplayTimeZone, ...DisplayTimeZone[]];

/** One of the listed zones (the account's preference, and the optional zone given at sign-up). */
export const ZDisplayTimeZone = z.enum(ZONE_IDS, { error: 'Choose one of the listed time zones' });

/**
 * Other IANA names for listed zones, from the tz database's `backward` file (links kept for old
 * names), as browsers may still report them: Chrome's ICU answers 'Asia/Calcutta' for India. Only
 * true aliases: a zone that merely shares an offset today (Asia/Bangkok, Asia/Kuala_Lumpur) may not
 * share it tomorrow, and would be a guess about where the customer is.
 */
const ZONE_ALIASES: Readonly<Record<string, DisplayTimeZone>> = {
  'US/Pacific': 'America/Los_Angeles',
  'US/Mountain': 'America/Denver',
  Navajo: 'America/Denver',
  'America/Shiprock': 'America/Denver',
  'US/Central': 'America/Chicago',
  'US/Eastern': 'America/New_York',
  GMT: 'Etc/GMT',
  'Etc/Greenwich': 'Etc/GMT',
  Greenwich: 'Etc/GMT',
  'Etc/GMT0': 'Etc/GMT',
  'Etc/GMT+0': 'Etc/GMT',
  'Etc/GMT-0': 'Etc/GMT',
  'Asia/Calcutta': 'Asia/Kolkata',
  Singapore: 'Asia/Singapore',
  'Asia/Ujung_Pandang': 'Asia/Makassar',
  'Australia/ACT': 'Australia/Sydney',
  'Australia/Canberra': 'Australia/Sydney',
  'Australia/NSW': 'Australia/Sydney',
};

/**
 * The listed zone to preselect at sign-up for the browser's zone (Intl's resolvedOptions().timeZone):
 * itself when listed, its listed name when it is an alias of one, else the default (Singapore).
 */
export function displayTimeZoneFor(browserZone: string | undefined): DisplayTimeZone {
  if (!browserZone) return DEFAULT_DISPLAY_TIME_ZONE;
  const listed = DISPLAY_TIME_ZONES.find((z) => z.id === browserZone);
  return listed?.id ?? ZONE_ALIASES[browserZone] ?? DEFAULT_DISPLAY_TIME_ZONE;
}

/** The account's notification preferences and time zone (GET/PUT /users/me/preferences). */
export const ZPreferences = z.strictObject({
  promotional_emails: z.boolean(),
  announcements: z.boolean(),
  time_zone: ZDisplayTimeZone,
});
export type TPreferences = z.infer<typeof ZPreferences>;
