import path from 'node:path';
import { z } from 'zod';
import { passwordMeetsRule } from '@lbs/domain/schemas';
import { isSupportedVideoUrl } from '@lbs/domain/video-embed';
import { SHIPPING_RATES, type ShippingRateTable } from '@lbs/domain/shipping';
import { DEFAULT_BUSINESS_TIME_ZONE, isValidTimeZone } from '@lbs/domain/report-periods';
import { DEFAULT_OFFLINE_ALLOWANCE_HOURS, type LicenseServerType, type TLeaseJwk } from '@lbs/domain/license-server';
import { parsePublicKeys, parseSigningKey, type Ed25519PrivateJwk } from './lib/ed25519-jwk';
import type { Seller } from './integrations/pdf/seller';

/** Whole hours, 1 hour to a year. */
const allowanceHours = (fallback: number) => z.coerce.number().int().min(1).max(24 * 366).default(fallback);

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** A YouTube or Vimeo share link; anything else could not be embedded, so it fails at start. */
const videoUrl = optionalString.refine((v) => v === undefined || isSupportedVideoUrl(v), {
  error: 'must be an https YouTube or Vimeo video link',
});

const ZShippingRate = z.object({
  baseFee: z.number().min(0),
  stepFee: z.number().min(0),
  stepGrams: z.number().int().positive(),
});

/** SHIPPING_RATES: JSON {SG, SEA, ROW} of {baseFee, stepFee, stepGrams} replacing the built-in table. */
const shippingRates = optionalString.transform((value, ctx): ShippingRateTable => {
  if (value === undefined) return SHIPPING_RATES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be JSON' });
    return z.NEVER;
  }
  const table = z.object({ SG: ZShippingRate, SEA: ZShippingRate, ROW: ZShippingRate }).safeParse(parsed);
  if (!table.success) {
    ctx.addIssue({ code: 'custom', message: 'must give SG, SEA and ROW, each {baseFee, stepFee, stepGrams}' });
    return z.NEVER;
  }
  return table.data;
});

/** A parser that may throw, as a transform that reports its message as the variable's issue. */
function parsedWith<T>(parse: (value: string) => T) {
  return optionalString.transform((value, ctx): T | undefined => {
    if (value === undefined) return undefined;
    try {
      return parse(value);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  });
}

/**
 * The seller the shop's documents name, as shipped: edit these (or set SELLER_NAME,
 * SELLER_ADDRESS, SELLER_UEN) to the company's registered details. The shop charges no GST, so
 * its receipts are receipts, never tax invoices.
 */
export const DEFAULT_SELLER: Readonly<Seller> = Object.freeze({
  name: 'LentiBooth Pte. Ltd.',
  address: ['Singapore'],
  uen: 'not set (SELLER_UEN)',
});

/** Where the data lives: what the server and the command line tools (seed:demo, db:backup) share. */
const databaseEnv = {
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
};

const ZEnv = z
  .object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // The embedded mode (dev mailbox, local pay page) is for this machine; HOST exposes it.
  HOST: z.string().default('127.0.0.1'),
  ...databaseEnv,
  REDIS_URL: optionalString.pipe(z.url().optional()),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('LentiBooth <no-reply@lenticularbooth.sg>'),
  CONTACT_INBOX: optionalString.pipe(z.email().optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.refine((v) => v === undefined || passwordMeetsRule(v), {
    message: 'must follow the password rule (13+ characters with upper, lower, digit and special)',
  }),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  SHIPPING_RATES: shippingRates,
  /**
   * The seller's registration details printed on every receipt and credit note (DEFAULT_SELLER
   * until set): the company's name, its address (lines separated by `;`) and its UEN.
   */
  SELLER_NAME: z.string().trim().min(1).default(DEFAULT_SELLER.name),
  SELLER_ADDRESS: z.string().trim().min(1).default(DEFAULT_SELLER.address.join('; ')),
  SELLER_UEN: z.string().trim().min(1).default(DEFAULT_SELLER.uen),
  /** The IANA zone whose days the reports count in (a payment at 23:30 there belongs to that day). */
  BUSINESS_TIME_ZONE: z.string().trim().default(DEFAULT_BUSINESS_TIME_ZONE).refine(isValidTimeZone, { error: 'must be an IANA time zone name such as Asia/Singapore' }),
  /** How often pending payments are checked against the provider (a lost webhook is caught here). */
  PAYMENT_RECONCILE_MS: z.coerce.number().int().min(1000).default(300_000),
  /** How often the licence expiry reminders (7 days, 1 day, ended) are looked for and sent. */
  LICENSE_REMINDER_MS: z.coerce.number().int().min(1000).default(600_000),
  /** How often the renewal job (DESIGN §6.3) prepares renewals, retries failed charges and ends grace. */
  RENEWAL_JOB_MS: z.coerce.number().int().min(1000).default(600_000),
  /** How many days before a term's end its automatic renewal is prepared and first charged. */
  RENEWAL_LEAD_DAYS: z.coerce.number().int().min(1).max(14).default(3),
  /** How many days after a term's end an unpaid automatic renewal keeps the booth working (grace). */
  RENEWAL_GRACE_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  /** Days after a failed renewal charge each retry comes, comma-separated (retries stop at the grace's end). */
  RENEWAL_RETRY_DAYS: z
    .string()
    .trim()
    .default('1,3,5')
    .refine((v) => /^\d{1,2}(,\d{1,2}){0,9}$/.test(v), { error: 'must be whole days, comma-separated, such as 1,3,5' })
    .transform((v) => v.split(',').map(Number)),
  /**
   * Development and tests only: moves this process's clock for the renewal job and the account
   * area by this many milliseconds (also set at run time by POST /api/dev/clock). Production refuses it.
   */
  DEV_CLOCK_OFFSET_MS: z.coerce.number().int().default(0),
  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_SECRET: optionalString,
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_API_BASE_URL: z.url().default('https://www.googleapis.com'),
  ALTCHA_HMAC_KEY: optionalString,
  /** Proof-of-work size: the browser tries up to this many hashes (about a second at 50 000). */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(50_000),
  /** The licence server's Ed25519 signing key: PKCS#8 PEM or private JWK. Required in production. */
  LICENSE_SIGNING_KEY: parsedWith<Ed25519PrivateJwk>(parseSigningKey),
  /** Further public keys the JWKS lists (rotation): JSON array of JWKs or {keys: [...]}. */
  LICENSE_PUBLIC_KEYS: parsedWith<TLeaseJwk[]>(parsePublicKeys),
  /**
   * How long a lease lets the desktop program work offline, per plan, in hours (capped by the
   * licence's end): the offline allowance of DESIGN §6.1.
   */
  OFFLINE_ALLOWANCE_DAY_HOURS: allowanceHours(DEFAULT_OFFLINE_ALLOWANCE_HOURS.day),
  OFFLINE_ALLOWANCE_MONTH_HOURS: allowanceHours(DEFAULT_OFFLINE_ALLOWANCE_HOURS.month),
  OFFLINE_ALLOWANCE_YEAR_HOURS: allowanceHours(DEFAULT_OFFLINE_ALLOWANCE_HOURS.year),
  OFFLINE_ALLOWANCE_ONETIME_HOURS: allowanceHours(DEFAULT_OFFLINE_ALLOWANCE_HOURS.onetime),
  OFFLINE_ALLOWANCE_CUSTOM_HOURS: allowanceHours(DEFAULT_OFFLINE_ALLOWANCE_HOURS.custom),
  APP_DOWNLOAD_URL: optionalString.pipe(z.url().optional()),
  VIDEO_URL_LANDING: videoUrl,
  VIDEO_URL_HOW_IT_WORKS: videoUrl,
  VIDEO_URL_TUTORIAL: videoUrl,
  WEB_DIST_DIR: optionalString,
  /** 'true', 'false', or the trusted proxies' addresses/CIDRs, comma-separated (e.g. '10.0.0.0/8'). */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' || v === '' ? false : v)),
  /** Bearer token GET /api/metrics wants; without one only this machine may read metrics. Required in production. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(1000),
  /** How long a stop (SIGTERM) may take before the process logs what was still open and exits 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  RATE_LIMIT_DISABLED: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  })
  .refine((e) => !e.ADMIN_PASSWORD || e.ADMIN_EMAIL, {
    path: ['ADMIN_PASSWORD'],
    message: 'is set but ADMIN_EMAIL is not; set both or neither',
  });

export type TEnv = z.infer<typeof ZEnv>;

export interface AppConfig extends TEnv {
  isProduction: boolean;
  dataDir: string;
  publicUrl: string;
  /** OFFLINE_ALLOWANCE_*_HOURS by licence type. */
  offlineAllowanceHours: Readonly<Record<LicenseServerType, number>>;
  webDistDir: string;
  /** True when the embedded local payment page and dev mailbox may exist. */
  devTools: boolean;
}

export class ConfigError extends Error {}

/** The seller's registration details of the configuration, for the receipt and credit note PDFs. */
export function sellerOf(config: Pick<TEnv, 'SELLER_NAME' | 'SELLER_ADDRESS' | 'SELLER_UEN'>): Seller {
  return {
    name: config.SELLER_NAME,
    address: config.SELLER_ADDRESS.split(/\s*(?:;|\n)\s*/).filter(Boolean),
    uen: config.SELLER_UEN,
  };
}

function invalid(issues: z.core.$ZodIssue[]): ConfigError {
  const lines = issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  return new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** DATA_DIR is relative to where the process runs: apps/server for `npm start` and the CLIs. */
const resolveDataDir = (dataDir: string) => path.resolve(dataDir);

/**
 * The database part of the configuration alone, for the command line tools: they open the same
 * database as the server without needing what only the server needs (production's mail and
 * payment keys).
 */
export function loadDatabaseConfig(env: Record<string, string | undefined> = process.env): { DATABASE_URL?: string; dataDir: string } {
  const parsed = z.object(databaseEnv).safeParse(env);
  if (!parsed.success) throw invalid(parsed.error.issues);
  return { DATABASE_URL: parsed.data.DATABASE_URL, dataDir: resolveDataDir(parsed.data.DATA_DIR) };
}

/** Parses the environment once and lists every bad variable, so a deploy fails fast and clearly. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) throw invalid(parsed.error.issues);
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction) {
    // LICENSE_SIGNING_KEY: a key generated by the embedded mode lives in the database, and a
    // restored backup or a second database would sign with another one; production names its own.
    const missing = ['SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY', 'LICENSE_SIGNING_KEY', 'METRICS_TOKEN'].filter(
      (k) => !e[k as keyof TEnv],
    );
    if (missing.length) {
      throw new ConfigError(`Production needs these variables: ${missing.join(', ')}`);
    }
    if (e.DEV_CLOCK_OFFSET_MS !== 0) {
      throw new ConfigError('DEV_CLOCK_OFFSET_MS is for development and tests only; production refuses it');
    }
    // Rate limits are what stop CAPTCHA-solving sign-in floods and mail bombing: never off in production.
    if (e.RATE_LIMIT_DISABLED) {
      throw new ConfigError('RATE_LIMIT_DISABLED is for development and tests only; production refuses it');
    }
  }
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    ...e,
    isProduction,
    devTools: !isProduction,
    dataDir: resolveDataDir(e.DATA_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    offlineAllowanceHours: {
      day: e.OFFLINE_ALLOWANCE_DAY_HOURS,
      month: e.OFFLINE_ALLOWANCE_MONTH_HOURS,
      year: e.OFFLINE_ALLOWANCE_YEAR_HOURS,
      onetime: e.OFFLINE_ALLOWANCE_ONETIME_HOURS,
      custom: e.OFFLINE_ALLOWANCE_CUSTOM_HOURS,
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
  };
}
