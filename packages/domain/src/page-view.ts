import { z } from 'zod';
import { safeString } from './schemas';

/** A page view the web app reports on each path change. */
export const ZPageViewBody = z.object({
  path: safeString().trim().min(1).max(500).startsWith('/'),
  referrer: safeString().trim().max(1000).optional(),
});
export type TPageViewBody = z.infer<typeof ZPageViewBody>;
