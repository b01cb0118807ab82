import crypto from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDatabaseConfig } from './config';

const SIGNING_KEY = crypto.generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

const PRODUCTION_SECRETS = {
  SMTP_URL: 'smtp://mail.example.com:587',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  LICENSE_SIGNING_KEY: SIGNING_KEY,
  METRICS_TOKEN: 'metrics-token-0123456789',
};

const errorOf = (env: Record<string, string>): ConfigError => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('loadConfig accepted a bad environment');
};

describe('loadConfig', () => {
  it('parses an empty environment into the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      // Only this machine reaches the embedded mode unless HOST says otherwise.
      HOST: '127.0.0.1',
      isProduction: false,
      devTools: true,
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      RATE_LIMIT_DISABLED: false,
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('treats blank optional variables as unset and trims the public URL', () => {
    const config = loadConfig({
      DATABASE_URL: '  ',
      SMTP_URL: '',
      PUBLIC_URL: 'https://shop.example.com/',
      PORT: '8080',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PORT).toBe(8080);
    expect(config.publicUrl).toBe('https://shop.example.com');
  });

  it('lists every bad variable in one error', () => {
    const err = errorOf({ PORT: 'eighty', DATABASE_URL: 'not a url' });
    expect(err.message).toMatch(/PORT/);
    expect(err.message).toMatch(/DATABASE_URL/);
  });

  it('refuses a port out of range', () => {
    expect(errorOf({ PORT: '70000' }).message).toMatch(/PORT/);
  });

  it('refuses production without SMTP, Stripe and the licence signing key, naming each missing variable', () => {
    const err = errorOf({ NODE_ENV: 'production' });
    for (const name of Object.keys(PRODUCTION_SECRETS)) expect(err.message).toContain(name);
  });

  it('names only what is still missing in production', () => {
    const err = errorOf({
      NODE_ENV: 'production',
      SMTP_URL: PRODUCTION_SECRETS.SMTP_URL,
      STRIPE_SECRET_KEY: 'sk_test_x',
    });
    expect(err.message).toContain('STRIPE_WEBHOOK_SECRET');
    expect(err.message).toContain('STRIPE_PUBLISHABLE_KEY');
    expect(err.message).toContain('METRICS_TOKEN');
    expect(err.message).not.toContain('SMTP_URL');
    expect(err.message).not.toContain('STRIPE_SECRET_KEY');
  });

  it('accepts production with SMTP and Stripe, and turns the dev tools off', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS });
    expect(config.isProduction).toBe(true);
    expect(config.devTools).toBe(false);
  });
});

describe('admin bootstrap variables', () => {
  it('refuses RATE_LIMIT_DISABLED in production, naming it (development may still turn limits off)', () => {
    for (const v of ['1', 'true']) {
      expect(errorOf({ NODE_ENV: 'production', ...PRODUCTION_SECRETS, RATE_LIMIT_DISABLED: v }).message).toContain('RATE_LIMIT_DISABLED');
    }
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS, RATE_LIMIT_DISABLED: '0' }).RATE_LIMIT_DISABLED).toBe(false);
    expect(loadConfig({ RATE_LIMIT_DISABLED: '1' }).RATE_LIMIT_DISABLED).toBe(true);
  });

  it('refuses ADMIN_PASSWORD without ADMIN_EMAIL', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'Very-Secret-Passw0rd!' })).toThrow(/ADMIN_PASSWORD/);
  });
  it('refuses an ADMIN_PASSWORD that breaks the password rule', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });
  it('accepts both set with a strong password', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Very-Secret-Passw0rd!' }).ADMIN_EMAIL).toBe('boss@example.com');
  });
});

describe('licence server variables', () => {
  it('default the lease to 72 hours and leave the signing key to the embedded mode', () => {
    const config = loadConfig({});
    expect(config.offlineAllowanceHours).toEqual({ day: 24, month: 168, year: 336, onetime: 168, custom: 168 });
    expect(config.LICENSE_SIGNING_KEY).toBeUndefined();
    expect(loadConfig({ OFFLINE_ALLOWANCE_MONTH_HOURS: '24' }).offlineAllowanceHours.month).toBe(24);
    expect(errorOf({ OFFLINE_ALLOWANCE_YEAR_HOURS: '0' }).message).toContain('OFFLINE_ALLOWANCE_YEAR_HOURS');
  });

  it('read the signing key and refuse one that is not an Ed25519 private key, without echoing it', () => {
    expect(loadConfig({ LICENSE_SIGNING_KEY: SIGNING_KEY }).LICENSE_SIGNING_KEY).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    const bad = 'MC4CAQAwBQYDK2VwBCIEIBADSECRETVALUE';
    const err = errorOf({ LICENSE_SIGNING_KEY: bad });
    expect(err.message).toContain('LICENSE_SIGNING_KEY');
    expect(err.message).not.toContain(bad);
  });

  it('refuse a private key among the public keys', () => {
    const jwk = crypto.generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
    expect(errorOf({ LICENSE_PUBLIC_KEYS: JSON.stringify([{ ...jwk, kid: 'k' }]) }).message).toMatch(/LICENSE_PUBLIC_KEYS.*private/);
  });
});

describe('loadDatabaseConfig (the command line tools)', () => {
  it('finds the database where the server does', () => {
    for (const env of [{}, { DATA_DIR: 'elsewhere/data' }, { DATA_DIR: '/srv/lbs', DATABASE_URL: 'postgres://u@db.example.com/shop' }]) {
      const server = loadConfig(env);
      expect(loadDatabaseConfig(env)).toEqual({ dataDir: server.dataDir, DATABASE_URL: server.DATABASE_URL });
    }
  });

  it('needs none of production\'s other variables, and still refuses a bad URL', () => {
    expect(loadDatabaseConfig({ NODE_ENV: 'production', DATA_DIR: '/srv/lbs' }).dataDir).toBe('/srv/lbs');
    expect(() => loadDatabaseConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
