import { API_BASE_URL } from './config';

export type VideoSlot = 'landing' | 'how_it_works' | 'tutorial';

export interface PublicConfig {
  videos: Record<VideoSlot, string | null>;
}

let pending: Promise<PublicConfig | null> | undefined;

/**
 * GET /api/config/public, once per page load. Plain fetch rather than the RTK Query client so
 * the landing page can use it without loading that client; null when the server cannot be reached.
 */
export function loadPublicConfig(): Promise<PublicConfig | null> {
  pending ??= fetch(`${API_BASE_URL}/config/public`, { headers: { accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<PublicConfig>) : null))
    .catch(() => null)
    .then((config) => {
      if (!config) pending = undefined; // let a later visit retry
      return config;
    });
  return pending;
}
