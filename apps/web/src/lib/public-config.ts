import type { TPublicConfig } from '@lbs/domain/responses';
import { apiRequest } from './api-request';

export type PublicConfig = TPublicConfig;
export type VideoSlot = keyof TPublicConfig['videos'];

let pending: Promise<PublicConfig> | undefined;

/**
 * The one loader of GET /api/config/public (videos, CAPTCHA, Google sign-in): fetched once per
 * page load and shared by every caller. It rejects when the server cannot be reached, and a later
 * call then tries again. A plain request rather than the RTK Query client, so the landing page's
 * videos need not load that client.
 */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= apiRequest<PublicConfig>({ url: '/config/public' }).catch((e: unknown) => {
    pending = undefined;
    throw e;
  });
  return pending;
}
