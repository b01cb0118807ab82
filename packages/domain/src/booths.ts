/**
 * The operator's fleet (issue 20): every device across a customer's licence keys, as the account
 * area's "Booths" view lists it. A device is a device id bound to one or more of the customer's
 * licences (a booth that ran ten Daily passes is one booth); its row shows the licence it holds
 * now (the current one, else the one it was last seen with).
 */
import { z } from 'zod';

import { noControlCharacters, ZDeviceId } from './license-server';
import { ZPaged } from './responses';
import { safeString } from './schemas';

/** How the licence a booth holds stands, as the row's badge says it. */
export const BOOTH_LICENSE_STATES = ['active', 'not-started', 'starts-later', 'suspended', 'expired', 'revoked'] as const;
export type BoothLicenseState = (typeof BOOTH_LICENSE_STATES)[number];

/** Window of the files and errors counts, days back from now. */
export const BOOTH_USAGE_WINDOW_DAYS = 7;

export const BOOTH_NAME_MAX = 100;

export const ZBooth = z.object({
  device_id: z.string(),
  /** What to call it: the customer's name for it, else the name the booth reported, else null. */
  name: z.string().nullable(),
  /** The name the program sent at activation (its host name by default). */
  reported_name: z.string().nullable(),
  /** The name the customer gave it here; null when none. */
  custom_name: z.string().nullable(),
  license: z.object({
    id: z.string(),
    type: z.enum(['day', 'month', 'year', 'onetime', 'custom']),
    /** The key's last group ("…4567"): the whole key is on the overview. */
    key_suffix: z.string(),
    state: z.enum(BOOTH_LICENSE_STATES),
    expires_at: z.iso.datetime().nullable(),
  }),
  /** How many of the customer's keys this device holds (the row shows one). */
  licenses_count: z.number().int().positive(),
  app_version: z.string().nullable(),
  /** Its last activation or validation (any of its keys); null when never seen. */
  last_seen_at: z.iso.datetime().nullable(),
  /** When the lease it last received runs out (it works offline until then); null when none. */
  lease_until: z.iso.datetime().nullable(),
  /** Its plan's offline allowance. */
  offline_allowance_hours: z.number().int().positive(),
  /** Not seen for longer than its offline allowance while its licence is active. */
  stale: z.boolean(),
  /** Files processed (success events) and errors in the last BOOTH_USAGE_WINDOW_DAYS days. */
  files_7d: z.number().int().nonnegative(),
  errors_7d: z.number().int().nonnegative(),
  /** When its id was last seen from two addresses within an hour (a copied install); null when never. */
  shared_at: z.iso.datetime().nullable(),
});
export type TBooth = z.infer<typeof ZBooth>;

export const ZBoothPage = ZPaged(ZBooth);
export type TBoothPage = z.infer<typeof ZBoothPage>;

/** `POST /api/booths/rename`: an empty name goes back to the name the booth reports. */
export const ZBoothRenameBody = z.object({
  device_id: ZDeviceId,
  // Shown in a table row: no line breaks or other control characters, as a reported device name.
  name: safeString()
    .refine(noControlCharacters, { error: 'must not contain control characters', abort: true })
    .trim()
    .max(BOOTH_NAME_MAX),
});
export type TBoothRenameBody = z.infer<typeof ZBoothRenameBody>;
