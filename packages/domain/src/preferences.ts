import { z } from 'zod';

/** The nine time zones the account offers, Pacific Time to Australian Eastern (spec §2), as IANA names. */
export const DISPLAY_TIME_ZONES = [
  { id: 'America/Los_Angeles', label: 'Pacific Time (PT)' },
  { id: 'America/Denver', label: 'Mountain Time (MT)' },
  { id: 'America/Chicago', label: 'Central Time (CT)' },
  { id: 'America/New_York', label: 'Eastern Time (ET)' },
  { id: 'Etc/GMT', label: 'Greenwich Mean Time (GMT)' },
  { id: 'Europe/Paris', label: 'Central European Time (CET)' },
  { id: 'Asia/Kolkata', label: 'India Standard Time (IST)' },
  { id: 'Asia/Singapore', label: 'Singapore Time (SGT)' },
  { id: 'Australia/Sydney', label: 'Australian Eastern Time (AET)' },
] as const;
export type DisplayTimeZone = (typeof DISPLAY_TIME_ZONES)[number]['id'];
export const DEFAULT_DISPLAY_TIME_ZONE: DisplayTimeZone = 'Asia/Singapore';

const ZONE_IDS = DISPLAY_TIME_ZONES.map((z) => z.id) as [DisplayTimeZone, ...DisplayTimeZone[]];

/** The account's notification preferences and time zone (GET/PUT /users/me/preferences). */
export const ZPreferences = z.strictObject({
  promotional_emails: z.boolean(),
  announcements: z.boolean(),
  time_zone: z.enum(ZONE_IDS, { error: 'Choose one of the listed time zones' }),
});
export type TPreferences = z.infer<typeof ZPreferences>;
