import { toVideoEmbedUrl } from '@lbs/domain/video-embed';
import type { AppConfig } from '../../config';
import type { TPublicConfig } from '@lbs/domain/responses';
import { authPublicConfig } from '../auth/public-auth-config';

export type PublicConfig = TPublicConfig;

export function publicConfig(config: AppConfig): PublicConfig {
  return {
    videos: {
      landing: toVideoEmbedUrl(config.VIDEO_URL_LANDING),
      how_it_works: toVideoEmbedUrl(config.VIDEO_URL_HOW_IT_WORKS),
      tutorial: toVideoEmbedUrl(config.VIDEO_URL_TUTORIAL),
    },
    auth: authPublicConfig(config),
    // The local provider saves test cards for renewals; Stripe's saved cards are not wired yet.
    renewals: { automatic: !config.STRIPE_SECRET_KEY },
  };
}
