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
    // Both providers save a card for renewals: the local one a test card, Stripe a PaymentMethod.
    renewals: { automatic: true },
  };
}
