import { describe, expect, it } from 'vitest';

import { isSupportedVideoUrl, toVideoEmbedUrl } from './video-embed';

const NOCOOKIE = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0';

describe('toVideoEmbedUrl', () => {
  it('turns every YouTube link form into a no-cookie embed', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      '  https://youtu.be/dQw4w9WgXcQ  ',
    ]) {
      expect(toVideoEmbedUrl(url), url).toBe(NOCOOKIE);
    }
  });

  it('turns Vimeo links into the player URL', () => {
    expect(toVideoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871?autoplay=1');
    expect(toVideoEmbedUrl('https://player.vimeo.com/video/76979871')).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1',
    );
  });

  it('refuses anything else: other hosts, plain http, script URLs, missing or odd ids', () => {
    for (const url of [
      '',
      'not a url',
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)',
      'https://evil.example/embed/dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch',
      'https://www.youtube.com/watch?v=bad"id',
      'https://vimeo.com/channels/staffpicks',
    ]) {
      expect(toVideoEmbedUrl(url), url).toBeNull();
      expect(isSupportedVideoUrl(url), url).toBe(false);
    }
    expect(toVideoEmbedUrl(undefined)).toBeNull();
    expect(toVideoEmbedUrl(null)).toBeNull();
  });
});
