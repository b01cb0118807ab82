import { toVideoEmbedUrl } from '@lbs/domain/video-embed';
import type { AppConfig } from '../../config';
import { authPublicConfig, type AuthPublicConfig } from '../auth/public-auth-config';

export interface PublicConfig {
  /** Embeddable player URLs, or null where no video is configured. */
  videos: { landing: string | null; how_it_works: string | null; tutorial: string | null };
  /** Which CAPTCHA the auth screens show, and whether Google sign-in buttons appear. */
  auth: AuthPublicConfig;
}

export function publicConfig(config: AppConfig): PublicConfig {
  return {
    videos: {
      landing: toVideoEmbedUrl(config.VIDEO_URL_LANDING),
      how_it_works: toVideoEmbedUrl(config.VIDEO_URL_HOW_IT_WORKS),
      tutorial: toVideoEmbedUrl(config.VIDEO_URL_TUTORIAL),
    },
    auth: authPublicConfig(config),
  };
}
