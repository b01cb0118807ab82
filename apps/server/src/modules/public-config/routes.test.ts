import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildTestApp } from '../../../test/build-test-app';

describe('GET /api/config/public', () => {
  it('has no videos unless configured', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/config/public' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        videos: { landing: null, how_it_works: null, tutorial: null },
        auth: { captcha: 'altcha', recaptcha_site_key: null, google_client_id: null },
        renewals: { automatic: true },
      });
    } finally {
      await t.close();
    }
  });

  it('answers the configured share links as click-to-play embed URLs and nothing secret', async () => {
    const t = await buildTestApp({
      VIDEO_URL_LANDING: 'https://www.youtube.com/watch?v=abcDEF12345',
      VIDEO_URL_HOW_IT_WORKS: 'https://vimeo.com/76979871',
      STRIPE_SECRET_KEY: 'sk_test_secret',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'Very-Secret-Passw0rd!',
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/config/public' });
      expect(res.json()).toEqual({
        videos: {
          landing: 'https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1&rel=0',
          how_it_works: 'https://player.vimeo.com/video/76979871?autoplay=1',
          tutorial: null,
        },
        auth: { captcha: 'altcha', recaptcha_site_key: null, google_client_id: null },
        // Stripe configured: its saved cards renew too (decision 0022).
        renewals: { automatic: true },
      });
      expect(res.body).not.toContain('sk_test_secret');
      expect(res.body).not.toContain('Very-Secret');
    } finally {
      await t.close();
    }
  });

  it('refuses to start with a video link it could not embed', () => {
    expect(() => loadConfig({ VIDEO_URL_LANDING: 'https://example.com/video.mp4' })).toThrow(/VIDEO_URL_LANDING/);
    expect(() => loadConfig({ VIDEO_URL_TUTORIAL: 'http://youtu.be/abcDEF12345' })).toThrow(/VIDEO_URL_TUTORIAL/);
  });
});

describe('GET /api/config/public: auth', () => {
  it('names reCAPTCHA with its site key and the Google client id when configured, never the secrets', async () => {
    const t = await buildTestApp({
      RECAPTCHA_SITE_KEY: 'site-key-public',
      RECAPTCHA_SECRET: 'recaptcha-secret-value',
      GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com',
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/config/public' });
      expect(res.json().auth).toEqual({
        captcha: 'recaptcha',
        recaptcha_site_key: 'site-key-public',
        google_client_id: 'client-123.apps.googleusercontent.com',
      });
      expect(res.body).not.toContain('recaptcha-secret-value');
    } finally {
      await t.close();
    }
  });
});
