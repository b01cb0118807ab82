import { useEffect, useState } from 'react';
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

/**
 * Whether automatic renewal can be chosen (the provider saves cards for later charges): false
 * until the configuration has loaded, and when it cannot be, so nothing is offered that the
 * server would refuse.
 */
export function useAutomaticRenewalAvailable(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let live = true;
    loadPublicConfig().then(
      (config) => live && setAvailable(config.renewals.automatic),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return available;
}

/** Tests only: the next call loads the configuration again. */
export function forgetPublicConfig(): void {
  pending = undefined;
}
