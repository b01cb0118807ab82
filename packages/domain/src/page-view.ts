import { z } from 'zod';

/** A page view the web app reports on each path change. */
export const ZPageViewBody = z.object({
  path: z.string().trim().min(1).max(500).startsWith('/'),
  referrer: z.string().trim().max(1000).optional(),
});
export type TPageViewBody = z.infer<typeof ZPageViewBody>;
