import { decodeJwt, type JSONWebKeySet } from 'jose';
import { cleanDeviceName, deviceIdProblem, storedDeviceId, type MachineFacts } from './device-id';
import { canonicalLicenseKey } from '@lbs/license-protocol/license-key';
import { OFFLINE_REQUEST_TTL_SECONDS, type OfflineRequestClaims } from '@lbs/license-protocol/offline-request';
import {
  encodeOfflineRequest,
  keyFingerprint,
  newNonce,
  readOfflineAnswer,
  readStoredOfflineRequest,
  requestText,
  type StoredOfflineRequest,
} from './offline-request';
import { callServer, isRecord, type FetchLike, type ServerAnswer } from './server-call';
import { ServerClock } from './server-clock';
import { defaultStateDir, StateStore } from './state-store';
import {
  UsageQueue,
  type UsageEvent,
  type UsageEventInput,
  type UsageEventResult,
  type UsageFlushResult,
  type UsageReportAnswer,
} from './usage-queue';
import { ed25519Keys, verifyLease, type LeaseClaims } from './verify-lease';
import { DEFAULT_CLOCK_TOLERANCE_MS } from './lease-time';

export type LicenseStatus =
  /** The server confirmed the licence just now. */
  | 'valid'
  /** The server was not asked or not reachable; the stored lease allows use until it expires. */
  | 'offline-grace'
  /** The server refused the licence (revoked, suspended, expired, unknown, other device...). */
  | 'denied'
  /** The licence starts later (`startsAt`): not a denial; activate or validate again from then. */
  | 'not-yet-valid'
  /**
   * The server answered, but its lease does not verify here (signed by a key this client does not
   * know, another issuer, another device, tampered): not offline, a configuration or trust problem.
   */
  | 'lease-rejected'
  /** Nothing usable offline (lease expired, clock set back, lease damaged): go online. */
  | 'needs-online'
  /** No licence key is stored on this machine: activate one. */
  | 'not-activated'
  /**
   * A text that is not a usable answer to this booth's pending request: no well-formed answer at
   * all (NOT_AN_ANSWER), or a verified one with no request pending (NO_PENDING_REQUEST), for
   * another request (OFFLINE_ANSWER_MISMATCH), for a request that has expired
   * (OFFLINE_REQUEST_EXPIRED), or whose lease or licence has already ended on this booth's clock
   * (OFFLINE_ANSWER_EXPIRED). Nothing was stored: make a new request if need be.
   */
  | 'answer-refused';

/** The licence as the server described it at activation or validation. */
export interface LicenseInfo {
  id: number | string;
  type: string;
  starts_at: string | null;
  expires_at: string | null;
  device_id: string | null;
  /** A Daily pass not started yet: the last day it can be activated; else null. */
  activate_by: string | null;
}

/**
 * A licence in grace: its term ended at `since` and its automatic renewal is unpaid; it still
 * works until `graceUntil`. Show a banner that does not block (the date work stops and where to
 * pay); never lock the booth out while the result is usable.
 */
export interface PaymentDue {
  /** When the paid term ended and payment became due (the lease's `due`). */
  since: Date;
  /** When the licence stops working unless its renewal is paid (the lease's `lic_exp`). */
  graceUntil: Date;
  /**
   * The account area's licences, where the key's holder signs in to pay or change the card (the
   * server's `payment_due.pay_url`); null when this booth has not heard it (offline activation).
   */
  payUrl: string | null;
}

/** The warning line a booth shows while payment is due (the CLI prints it as it is). */
export function paymentDueWarning(due: PaymentDue): string {
  const where = due.payUrl ? `Pay at ${due.payUrl}` : "Pay in the shop's account area, under Licences";
  return `Payment due: the licence's renewal is unpaid since ${due.since.toISOString()}; this booth keeps working until ${due.graceUntil.toISOString()}. ${where}`;
}

export interface LicenseResult {
  status: LicenseStatus;
  /** True for `valid` and `offline-grace`: the program may run. */
  usable: boolean;
  /**
   * The server's code (VALID, NOT_FOUND, EXPIRED, REVOKED, SUSPENDED, NOT_YET_VALID,
   * NOT_ACTIVATED, DEVICE_MISMATCH, DEVICE_LIMIT_REACHED...) or the client's own: OFFLINE,
   * LEASE_VALID, LEASE_EXPIRED, LEASE_NOT_YET_VALID, LEASE_INVALID, UNKNOWN_KEY, CLOCK_SET_BACK,
   * NO_LEASE, NO_LICENSE; and offline activation's NO_PENDING_REQUEST, OFFLINE_ANSWER_MISMATCH,
   * OFFLINE_REQUEST_EXPIRED, OFFLINE_ANSWER_EXPIRED, NOT_AN_ANSWER.
   */
  code: string;
  message: string;
  license: LicenseInfo | null;
  /** The verified lease's claims, when a lease backs this result. */
  lease: LeaseClaims | null;
  leaseExpiresAt: Date | null;
  /**
   * Set when the lease (its `exp`: the offline allowance) or the licence (`lic_exp`) has already
   * ended on the corrected clock, though still inside the clock tolerance (`clockToleranceMs`,
   * an hour), so still usable: the time it ended. Show "ended at", never "usable until" a past
   * time; validate online (a renewed licence gets a new lease). Null otherwise.
   */
  endedAt: Date | null;
  /** From a 429/503 answer: when to ask again. */
  retryAfterSeconds: number | null;
  /** With NOT_YET_VALID: when the licence starts. */
  startsAt: Date | null;
  /**
   * Set while the licence is in grace (its automatic renewal unpaid): online from the server's
   * `payment_due`, offline from the stored lease's `due`. A warning, not a refusal: `usable` is
   * unchanged. Null otherwise.
   */
  paymentDue: PaymentDue | null;
  /**
   * The refusal is for good (REVOKED): ask for another key; `validate()` answers it from the
   * stored record without asking again. Any other refusal keeps the key asked about: a suspended
   * licence can be reinstated, an expired one renewed, a not-yet-valid one starts.
   */
  final: boolean;
}

export interface DeactivateResult {
  /** `deactivated`: the seat is free and the local licence removed; `refused`: the server said
   *  no for good (the local licence is removed too: this device does not hold it);
   *  `limit-reached`: 429 DEACTIVATION_LIMIT, the seat stays here and so does the licence, again
   *  after `retryAfterSeconds`; `offline`: try again later, nothing changed. */
  status: 'deactivated' | 'refused' | 'limit-reached' | 'offline' | 'not-activated';
  code: string;
  message: string;
  retryAfterSeconds: number | null;
}

export interface LicenseClientOptions {
  /** The licence server's base URL, e.g. https://shop.example.com. */
  serverUrl: string;
  /** Where the lease, the cached keys and the usage queue live (default: per-user config dir). */
  stateDir?: string;
  /**
   * This device's id (default: the one stored in device.json, made once per install; see
   * `storedDeviceId`). 1-200 characters, no control characters or surrounding spaces.
   */
  deviceId?: string;
  /** Expected `iss` of leases (default: `serverUrl`). */
  issuer?: string;
  /** Public keys pinned at build time; when given, the server's JWKS is never fetched or used. */
  pinnedJwks?: JSONWebKeySet;
  /**
   * How far the clock may go back behind the latest time seen before it counts as set back, and
   * how far it may be off when checking a lease's `nbf` and `exp` (default an hour).
   */
  clockToleranceMs?: number;
  /** Per request (default 10 s). */
  timeoutMs?: number;
  /** The program's version, sent with activation and validation (the server records it). */
  appVersion?: string;
  fetch?: FetchLike;
  /** The clock (tests). */
  now?: () => Date;
  /** Host name, OS and architecture, read once when a device id is first made (tests). */
  machine?: MachineFacts;
}

/** An offline activation request the booth made (DESIGN §6.1): show `text` as text and QR. */
export interface OfflineActivationRequest {
  /** `lboa1-req.…`: the text to show, and the QR code's payload. */
  text: string;
  /** The request's random nonce: the answer must carry it back. */
  nonce: string;
  /** base64url(SHA-256(canonical key)): what the request carries instead of the key. */
  keyFingerprint: string;
  deviceId: string;
  deviceName: string | null;
  appVersion: string | null;
  /** The server it was made for: the answer's lease must name it as issuer. */
  server: string;
  /** When it was made and when it expires (24 hours later), on the server's time as measured. */
  issuedAt: Date;
  expiresAt: Date;
  /** Past `expiresAt` by more than the clock tolerance: an answer would be refused now. */
  expired: boolean;
  /**
   * The licence of another key stored on this booth now (license.json), which accepting the answer
   * replaces here; null when none is stored or it is this request's key. Its seat stays bound to
   * this device on the server until it is deactivated online or reset by its owner in the account
   * area: the operator is told before the request goes out.
   */
  replacesLicense: ReplacedLicense | null;
}

/** A stored licence that an offline activation for another key replaces on this booth. */
export interface ReplacedLicense {
  /** The stored key's last group (`…-P3YJS`): enough to tell the operator which key it is. */
  keyLastGroup: string;
  id: number | string;
  type: string;
}

export interface StoredLicense {
  version: 1;
  server: string;
  license_key: string;
  device_id: string;
  license: LicenseInfo;
  lease: string | null;
  /**
   * Set when the server refused the licence; the lease is gone then. `final` for REVOKED (not
   * asked about again), `starts_at` with NOT_YET_VALID.
   */
  denied: {
    code: string;
    message: string;
    at: string;
    starts_at?: string | null;
    final?: boolean;
  } | null;
  activated_at: string;
  validated_at: string | null;
  /**
   * The server's `payment_due` with the last valid answer (the licence was in grace then), or null.
   * Offline, the lease's `due` says whether payment is due; this keeps where to pay.
   */
  payment_due?: { since: string; grace_until: string; pay_url: string } | null;
}

const LICENSE_FILE = 'license.json';
const JWKS_FILE = 'jwks.json';
const CLOCK_FILE = 'clock.json';
const OFFLINE_REQUEST_FILE = 'offline-request.json';
const HOUR_MS = 3_600_000;
/** Refusals for good: the key will not work again (DESIGN §6.1; SUSPENDED, unlike it, may). */
const FINAL_CODES = new Set(['REVOKED']);

function normaliseUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new TypeError(`not an http(s) URL: ${url}`);
  return parsed.href.replace(/\/+$/, '');
}

function readLicenseInfo(value: unknown): LicenseInfo | null {
  if (!isRecord(value)) return null;
  const { id, type, starts_at, expires_at, device_id, activate_by } = value;
  if ((typeof id !== 'number' && typeof id !== 'string') || typeof type !== 'string') return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id,
    type,
    starts_at: text(starts_at),
    expires_at: text(expires_at),
    device_id: text(device_id),
    activate_by: text(activate_by),
  };
}

function readStoredLicense(value: unknown): StoredLicense | null {
  if (!isRecord(value) || value.version !== 1) return null;
  const license = readLicenseInfo(value.license);
  if (
    !license ||
    typeof value.license_key !== 'string' ||
    typeof value.device_id !== 'string' ||
    typeof value.server !== 'string'
  )
    return null;
  const denied =
    isRecord(value.denied) && typeof value.denied.code === 'string' ? value.denied : null;
  return {
    version: 1,
    server: value.server,
    license_key: value.license_key,
    device_id: value.device_id,
    license,
    lease: typeof value.lease === 'string' ? value.lease : null,
    denied: denied
      ? {
          code: String(denied.code),
          message: String(denied.message ?? ''),
          at: String(denied.at ?? ''),
          starts_at: typeof denied.starts_at === 'string' ? denied.starts_at : null,
          final: denied.final === true,
        }
      : null,
    activated_at: typeof value.activated_at === 'string' ? value.activated_at : '',
    validated_at: typeof value.validated_at === 'string' ? value.validated_at : null,
    payment_due: readServerPaymentDue(value.payment_due),
  };
}

/** The server's `payment_due` ({since, grace_until, pay_url}), or null when absent or malformed. */
function readServerPaymentDue(value: unknown): StoredLicense['payment_due'] {
  if (!isRecord(value)) return null;
  const { since, grace_until, pay_url } = value;
  if (typeof since !== 'string' || typeof grace_until !== 'string' || typeof pay_url !== 'string')
    return null;
  // Shown to the operator as a link: only a web address, never another scheme.
  let url: URL;
  try {
    url = new URL(pay_url);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return { since, grace_until, pay_url };
}

/**
 * Payment due, read from a verified lease: its `due` (set only in grace) and `lic_exp` (then the
 * end of the grace) are signed, so the dates come from them; `payUrl` is where the server said
 * to pay.
 */
function paymentDueOf(claims: LeaseClaims, payUrl: string | null): PaymentDue | null {
  if (claims.due === null || claims.lic_exp === null) return null;
  return { since: new Date(claims.due * 1000), graceUntil: new Date(claims.lic_exp * 1000), payUrl };
}

/**
 * The stored licence, when it is another key's than `key` (canonical): what storing `key`'s
 * licence would replace on this booth while the old key's seat stays bound on the server.
 */
function replacedLicense(stored: StoredLicense | null, key: string): ReplacedLicense | null {
  if (!stored || canonicalLicenseKey(stored.license_key) === key) return null;
  const groups = canonicalLicenseKey(stored.license_key).split('-');
  return {
    keyLastGroup: groups.length > 1 ? groups[groups.length - 1]! : stored.license_key.slice(-5),
    id: stored.license.id,
    type: stored.license.type,
  };
}

/** What the operator is told when another key's licence is replaced on this booth. */
export function replacedLicenseWarning(replaced: ReplacedLicense): string {
  return `this replaces the licence of key …-${replaced.keyLastGroup} (${replaced.type}) on this booth; that key's seat stays bound to this booth on the server until it is deactivated online or reset by its owner in the account area`;
}

/** The body of a 200 from activate or validate. */
interface LicenseAnswer {
  valid: boolean;
  code: string;
  detail: string;
  license: LicenseInfo | null;
  lease: string | null;
  /** With NOT_YET_VALID. */
  starts_at: string | null;
  /** With VALID while the licence is in grace. */
  payment_due: StoredLicense['payment_due'];
}

function parseLicenseAnswer(body: unknown): LicenseAnswer | null {
  if (!isRecord(body) || typeof body.valid !== 'boolean' || typeof body.code !== 'string')
    return null;
  const lease = typeof body.lease === 'string' ? body.lease : null;
  const license = readLicenseInfo(body.license);
  if (body.valid && (!lease || !license)) return null;
  return {
    valid: body.valid,
    code: body.code,
    detail: typeof body.detail === 'string' ? body.detail : '',
    license,
    lease,
    starts_at: typeof body.starts_at === 'string' ? body.starts_at : null,
    payment_due: readServerPaymentDue(body.payment_due),
  };
}

/** A 202 to a usage report; `results` is missing only from servers before issue 19. */
function parseUsageReportAnswer(body: unknown): UsageReportAnswer | null {
  if (!isRecord(body) || typeof body.accepted !== 'number' || typeof body.duplicates !== 'number')
    return null;
  if (body.results === undefined)
    return { accepted: body.accepted, duplicates: body.duplicates, results: null };
  if (!Array.isArray(body.results)) return null;
  const results: UsageEventResult[] = [];
  for (const r of body.results as unknown[]) {
    if (!isRecord(r) || typeof r.event_id !== 'string') return null;
    if (r.result !== 'accepted' && r.result !== 'duplicate' && r.result !== 'refused') return null;
    results.push({
      event_id: r.event_id,
      result: r.result,
      ...(typeof r.code === 'string' ? { code: r.code } : {}),
      ...(typeof r.message === 'string' ? { message: r.message } : {}),
    });
  }
  return { accepted: body.accepted, duplicates: body.duplicates, results };
}

const result = (
  r: Omit<
    LicenseResult,
    | 'usable'
    | 'lease'
    | 'leaseExpiresAt'
    | 'endedAt'
    | 'retryAfterSeconds'
    | 'startsAt'
    | 'paymentDue'
    | 'final'
  > &
    Partial<LicenseResult>,
): LicenseResult => ({
  usable: r.status === 'valid' || r.status === 'offline-grace',
  lease: null,
  leaseExpiresAt: null,
  endedAt: null,
  retryAfterSeconds: null,
  startsAt: null,
  paymentDue: null,
  final: false,
  ...r,
});

/** The result of a refusal by the server: NOT_YET_VALID is no denial, REVOKED is final. */
function refusalResult(
  code: string,
  message: string,
  license: LicenseInfo | null,
  startsAt: string | null,
): LicenseResult {
  const starts = startsAt ? new Date(startsAt) : null;
  return result({
    status: code === 'NOT_YET_VALID' ? 'not-yet-valid' : 'denied',
    code,
    message,
    license,
    startsAt: starts && !Number.isNaN(starts.getTime()) ? starts : null,
    final: FINAL_CODES.has(code),
  });
}

/** The server the pending offline activation request in `stateDir` was made for, or null. */
export async function pendingRequestServerUrl(stateDir: string): Promise<string | null> {
  return (
    readStoredOfflineRequest(await new StateStore(stateDir).readJson(OFFLINE_REQUEST_FILE))
      ?.server ?? null
  );
}

/** The server the licence in `stateDir` was activated with (license.json), or null. */
export async function storedServerUrl(stateDir: string): Promise<string | null> {
  const stored = readStoredLicense(await new StateStore(stateDir).readJson(LICENSE_FILE));
  return stored?.server ?? null;
}

/**
 * The desktop program's side of the licence server (DESIGN §6). Activate once; then `validate()`
 * at start and now and then: online it asks the server, offline (network error, 408, 429, 5xx) it
 * falls back on the signed lease until the lease's `exp`. `status()` never touches the network.
 */
export class LicenseClient {
  readonly serverUrl: string;
  readonly issuer: string;
  readonly stateDir: string;
  readonly usage: UsageQueue;
  /** The booth's clock measured against the server's (every answer's Date header, leases' iat). */
  readonly clock: ServerClock;
  private readonly store: StateStore;
  private readonly fetchImpl: FetchLike;
  private readonly timeoutMs: number;
  private readonly clockToleranceMs: number;
  private readonly now: () => Date;
  private readonly pinnedJwks: JSONWebKeySet | null;
  private deviceIdPromise: Promise<string> | null = null;
  private readonly fixedDeviceId: string | null;
  private readonly machine: MachineFacts | undefined;
  private readonly appVersion: string | null;

  constructor(options: LicenseClientOptions) {
    this.serverUrl = normaliseUrl(options.serverUrl);
    this.issuer = options.issuer ?? this.serverUrl;
    this.stateDir = options.stateDir ?? defaultStateDir();
    this.store = new StateStore(this.stateDir);
    this.usage = new UsageQueue(this.store);
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.clockToleranceMs = options.clockToleranceMs ?? DEFAULT_CLOCK_TOLERANCE_MS;
    this.now = options.now ?? (() => new Date());
    this.clock = new ServerClock(this.store, this.now);
    this.pinnedJwks = options.pinnedJwks ? ed25519Keys(options.pinnedJwks) : null;
    if (this.pinnedJwks && this.pinnedJwks.keys.length === 0)
      throw new TypeError('pinnedJwks holds no Ed25519 public key');
    // Refused, not trimmed: the server would take a trimmed id for another device.
    const deviceId = options.deviceId;
    const problem = deviceId === undefined ? null : deviceIdProblem(deviceId);
    if (problem) throw new TypeError(`deviceId ${problem}`);
    this.fixedDeviceId = deviceId ?? null;
    this.machine = options.machine;
    this.appVersion = options.appVersion?.trim() || null;
  }

  /** This device's id, as sent to the server and expected in the lease's `dev`. */
  deviceId(): Promise<string> {
    this.deviceIdPromise ??= this.fixedDeviceId
      ? Promise.resolve(this.fixedDeviceId)
      : storedDeviceId(this.store, this.machine, this.now);
    return this.deviceIdPromise;
  }

  /** The stored licence record, if any (the key, the server's licence info, the lease). */
  async storedLicense(): Promise<StoredLicense | null> {
    return readStoredLicense(await this.store.readJson(LICENSE_FILE));
  }

  /** Activates the key on this device and stores the lease. */
  async activate(
    licenseKey: string,
    details: { deviceName?: string; appVersion?: string } = {},
  ): Promise<LicenseResult> {
    const key = licenseKey.trim();
    if (!key) throw new TypeError('a licence key is required');
    const deviceId = await this.deviceId();
    const body: Record<string, string> = { license_key: key, device_id: deviceId };
    const deviceName = cleanDeviceName(details.deviceName);
    if (deviceName) body.device_name = deviceName;
    const appVersion = details.appVersion ?? this.appVersion;
    if (appVersion) body.app_version = appVersion;
    const answer = await this.post('/api/licenses/activate', body, parseLicenseAnswer);

    if (answer.kind === 'offline') {
      return result({
        status: 'needs-online',
        code: 'OFFLINE',
        message: `activation needs the licence server: ${answer.message}`,
        license: null,
        retryAfterSeconds: answer.retryAfterSeconds,
      });
    }
    const stored = await this.storedLicense();
    const sameKey = stored !== null && stored.license_key === key;
    if (answer.kind === 'refused' || !answer.body.valid) {
      // A refusal of another key leaves the licence already stored here alone.
      return this.refused(answer, sameKey ? stored : null);
    }
    return this.acceptLease(
      answer.body,
      key,
      deviceId,
      sameKey ? stored.activated_at : null,
      answer.serverDate !== null,
    );
  }

  /**
   * Asks the server whether the stored licence (or `licenseKey`) is valid on this device. A
   * refusal removes the lease; no answer falls back on the lease offline.
   */
  async validate(options: { licenseKey?: string } = {}): Promise<LicenseResult> {
    const stored = await this.storedLicense();
    const key = options.licenseKey?.trim() || stored?.license_key;
    if (!key)
      return result({
        status: 'not-activated',
        code: 'NO_LICENSE',
        message: 'no licence is activated on this device',
        license: null,
      });
    const sameKey = stored !== null && stored.license_key === key;
    // Revoked for good: not asked again (activate the key, or another, to ask).
    if (sameKey && stored.denied?.final)
      return refusalResult(stored.denied.code, stored.denied.message, stored.license, null);
    const deviceId = await this.deviceId();
    const answer = await this.post(
      '/api/licenses/validate',
      {
        license_key: key,
        device_id: deviceId,
        ...(this.appVersion ? { app_version: this.appVersion } : {}),
      },
      parseLicenseAnswer,
    );

    if (answer.kind === 'offline') {
      if (!sameKey)
        return result({
          status: 'needs-online',
          code: 'OFFLINE',
          message: answer.message,
          license: null,
          retryAfterSeconds: answer.retryAfterSeconds,
        });
      return this.offlineFallback(answer.message, answer.retryAfterSeconds);
    }
    if (answer.kind === 'refused' || !answer.body.valid)
      return this.refused(answer, sameKey ? stored : null);
    const accepted = await this.acceptLease(
      answer.body,
      key,
      deviceId,
      sameKey ? stored.activated_at : null,
      answer.serverDate !== null,
    );
    // A lease that does not verify is not the server's word (a wrong key pinned, someone in the
    // middle): nothing is stored, and the stored lease decides as if offline, under the
    // rejection's own code (not OFFLINE: the server did answer).
    if (!accepted.usable && sameKey) {
      const offline = await this.status();
      if (offline.status !== 'offline-grace') return accepted;
      return { ...offline, code: accepted.code, message: `${accepted.message}; ${offline.message}` };
    }
    return accepted;
  }

  /** The licence state from the stored lease alone, without the network. */
  async status(): Promise<LicenseResult> {
    const stored = await this.storedLicense();
    if (!stored)
      return result({
        status: 'not-activated',
        code: 'NO_LICENSE',
        message: 'no licence is activated on this device',
        license: null,
      });
    const startsAt = stored.denied?.code === 'NOT_YET_VALID' ? stored.denied.starts_at : null;
    if (startsAt && Date.parse(startsAt) <= (await this.clock.serverNow()).getTime()) {
      // The start the server named has come: only the server can say more.
      return result({
        status: 'needs-online',
        code: 'NO_LEASE',
        message: `the licence started at ${startsAt}: validate online`,
        license: stored.license,
      });
    }
    if (stored.denied)
      return refusalResult(
        stored.denied.code,
        stored.denied.message,
        stored.license,
        stored.denied.starts_at ?? null,
      );
    if (!stored.lease)
      return result({
        status: 'needs-online',
        code: 'NO_LEASE',
        message: 'no lease is stored: validate online',
        license: stored.license,
      });

    // On the server's time as measured (ServerClock): a booth clock that is off by a steady
    // amount checks leases right; one set back since the measurement still reads earlier than
    // the latest time seen.
    const now = await this.clock.serverNow();
    const latestSeen = await this.latestSeen();
    if (latestSeen !== null && now.getTime() < latestSeen - this.clockToleranceMs) {
      return result({
        status: 'needs-online',
        code: 'CLOCK_SET_BACK',
        message: `the clock reads ${now.toISOString()} (on the server's time), earlier than ${new Date(latestSeen).toISOString()} already seen: validate online`,
        license: stored.license,
      });
    }
    if (latestSeen === null || now.getTime() > latestSeen)
      await this.store.writeJson(CLOCK_FILE, { latest_seen: now.toISOString() });

    const check = await this.verify(stored.lease, await this.deviceId(), now, false);
    if (!check.ok) {
      return result({
        status: 'needs-online',
        code: check.code === 'UNKNOWN_KEY' ? 'LEASE_INVALID' : check.code,
        message: `${check.message}: validate online`,
        license: stored.license,
      });
    }
    const { exp, lic_exp: licExp } = check.claims;
    const leaseExpiresAt = new Date(exp * 1000);
    // Past its end, still inside the tolerance: usable, but never "usable until" a past time.
    const licenceEnded = licExp !== null && licExp <= exp && licExp * 1000 <= now.getTime();
    const leaseEnded = exp * 1000 <= now.getTime();
    const endedAt = licenceEnded ? new Date(licExp * 1000) : leaseEnded ? leaseExpiresAt : null;
    const message =
      endedAt === null
        ? `usable offline until ${leaseExpiresAt.toISOString()}`
        : `${licenceEnded ? 'the licence' : "the lease's offline allowance"} ended at ${endedAt.toISOString()}; honoured for the clock tolerance until ${new Date(endedAt.getTime() + this.clockToleranceMs).toISOString()}: validate online${licenceEnded ? ' (renew the licence to go on)' : ''}`;
    return result({
      status: 'offline-grace',
      code: 'LEASE_VALID',
      message,
      license: stored.license,
      lease: check.claims,
      leaseExpiresAt,
      endedAt,
      paymentDue: paymentDueOf(check.claims, stored.payment_due?.pay_url ?? null),
    });
  }

  /**
   * Makes an offline activation request for `licenseKey` on this device (DESIGN §6.1, issue 20)
   * and keeps it as the pending request (offline-request.json, owner-only like license.json: it
   * holds the key), replacing any earlier one: only the answer to the latest request is accepted.
   * The request carries the key's fingerprint, never the key. Nothing goes to the network.
   */
  async createOfflineRequest(
    licenseKey: string,
    details: { deviceName?: string; appVersion?: string } = {},
  ): Promise<OfflineActivationRequest> {
    const key = canonicalLicenseKey(licenseKey);
    if (!key) throw new TypeError('a licence key is required');
    const deviceName = requestText(cleanDeviceName(details.deviceName) ?? undefined, 100, 'deviceName');
    const appVersion = requestText(details.appVersion ?? this.appVersion ?? undefined, 50, 'appVersion');
    const deviceId = await this.deviceId();
    // On the server's time as measured (a booth never online: its own clock); the server allows
    // for a booth clock that is off when it checks the expiry.
    const iat = Math.floor((await this.clock.serverNow()).getTime() / 1000);
    const request: OfflineRequestClaims = {
      v: 1,
      kf: keyFingerprint(key),
      dev: deviceId,
      ...(deviceName ? { dn: deviceName } : {}),
      ...(appVersion ? { av: appVersion } : {}),
      n: newNonce(),
      iat,
      exp: iat + OFFLINE_REQUEST_TTL_SECONDS,
    };
    const stored: StoredOfflineRequest = {
      version: 1,
      server: this.serverUrl,
      license_key: key,
      request,
      text: encodeOfflineRequest(request),
      created_at: this.now().toISOString(),
    };
    await this.store.writeJson(OFFLINE_REQUEST_FILE, stored);
    return this.describeOfflineRequest(stored);
  }

  /** The pending offline activation request, or null when there is none. */
  async pendingOfflineRequest(): Promise<OfflineActivationRequest | null> {
    const stored = readStoredOfflineRequest(await this.store.readJson(OFFLINE_REQUEST_FILE));
    return stored ? this.describeOfflineRequest(stored) : null;
  }

  /**
   * Reads the answer to the pending offline activation request (the text of its QR code, a paste
   * or a file's content) and, if it answers that request, stores its lease as an online
   * activation would. The lease is checked only with keys already held here (pinned, else the
   * JWKS cached by an earlier online call): the JWKS is never fetched, and a key the answer itself
   * carries (a `jwk`, `jku` or `x5c` header) is never used. Checks, in order: the text is
   * `lboa1-ans.` + a compact JWS (`answer-refused` NOT_AN_ANSWER); the signature, `typ`, issuer
   * and device, at the lease's iat (`lease-rejected`); a pending request exists, the answer's
   * `nonce` and `kfp` are that request's, the request has not expired, the lease and licence have
   * not ended at the booth's corrected time (`answer-refused`). On any refusal nothing stored
   * changes. Accepted, the pending request is gone (the same answer again is refused) and the
   * result is the offline status: `offline-grace` until the lease's `exp`. An accepted answer
   * for another key than the stored licence's replaces it here (the message says so: the old
   * key's seat stays bound on the server).
   */
  async acceptOfflineAnswer(text: string): Promise<LicenseResult> {
    const answer = readOfflineAnswer(text);
    if (!answer.ok)
      return result({
        status: 'answer-refused',
        code: 'NOT_AN_ANSWER',
        message:
          answer.problem === 'request'
            ? "this is the booth's activation request, not the answer to it: submit it in the account area and read back the answer"
            : 'this is not a LentiBooth offline activation answer (it starts with lboa1-ans.)',
        license: null,
      });
    const lease = answer.lease;
    const deviceId = await this.deviceId();
    // Checked at its own iat, as a lease fresh from the server: the answer may be read hours
    // after it was issued, and the booth's clock may be wrong (the offline checks come after).
    const check = await this.verifyAtIssue(lease, deviceId, false);
    if (!check.ok)
      return result({
        status: 'lease-rejected',
        code: check.code,
        message: `the answer was not accepted: ${check.message}`,
        license: null,
      });
    const claims = check.claims;
    const pending = readStoredOfflineRequest(await this.store.readJson(OFFLINE_REQUEST_FILE));
    const refuse = (code: string, message: string) =>
      result({ status: 'answer-refused', code, message, license: null });
    if (!pending)
      return refuse(
        'NO_PENDING_REQUEST',
        'no offline activation request is pending on this booth (an answer is accepted once): make a new request',
      );
    // Signed, so its own claims can be read as they are.
    const { nonce, kfp } = decodeJwt(lease);
    if (nonce !== pending.request.n || kfp !== pending.request.kf)
      return refuse(
        'OFFLINE_ANSWER_MISMATCH',
        "this answer is for another request (an older one, or another booth's): submit the booth's current request",
      );
    const local = this.now();
    const serverNow = await this.clock.toServerTime(local);
    if (serverNow.getTime() > pending.request.exp * 1000 + this.clockToleranceMs)
      return refuse(
        'OFFLINE_REQUEST_EXPIRED',
        `the request expired at ${new Date(pending.request.exp * 1000).toISOString()}: make a new one`,
      );
    // Checked at iat above; now at the time status() will check it once stored, so a lease (or a
    // licence) that has already ended is refused here instead of replacing license.json with
    // something unusable. That time is the corrected clock, raised to iat when it reads earlier
    // (as the accept below does), with the same tolerance; nothing is written before the check.
    const checkedAt = new Date(Math.max(serverNow.getTime(), claims.iat * 1000));
    const current = await this.verify(lease, deviceId, checkedAt, false);
    if (!current.ok && current.code === 'LEASE_EXPIRED') {
      const licenseEnded = claims.lic_exp !== null && claims.lic_exp < claims.exp;
      const endedAt = new Date((licenseEnded ? claims.lic_exp! : claims.exp) * 1000).toISOString();
      return refuse(
        'OFFLINE_ANSWER_EXPIRED',
        licenseEnded
          ? `the licence ended at ${endedAt} (this booth's time is ${checkedAt.toISOString()}): renew it, then make a new request; if the booth's clock is wrong, set it right`
          : `the answer's lease ended at ${endedAt} (this booth's time is ${checkedAt.toISOString()}): make a new request and submit it; if the booth's clock is wrong, set it right`,
      );
    }

    // The server signed the answer at iat, so its time now is at least that; when this booth's
    // (corrected) clock reads earlier, a booth never online or one whose clock fell behind, its
    // offset is raised to that lower bound. Else the lease just accepted would be checked offline
    // on a time before its own nbf (a Daily pass starts at the activation) and, once the answer's
    // iat is the latest time seen, the next check would call the clock set back. Only a lower
    // bound: the answer may have taken minutes or hours to reach the booth, so a clock reading
    // later than iat is left as it is (unlike online, where a lease's iat is the time of the answer).
    if (serverNow.getTime() < claims.iat * 1000)
      await this.clock.observe(new Date(claims.iat * 1000), local, 'lease-iat');
    const correctedNow = await this.clock.toServerTime(local);
    const seconds = (s: number | null) => (s === null ? null : new Date(s * 1000).toISOString());
    // The operator chose this key for this booth (offline-request warned them): accepted, but said.
    const previous = await this.storedLicense();
    const replaced = replacedLicense(previous, pending.license_key);
    const record: StoredLicense = {
      version: 1,
      server: this.serverUrl,
      license_key: pending.license_key,
      device_id: deviceId,
      // From the signed claims: the answer carries nothing else the booth could trust.
      license: {
        id: claims.sub,
        type: claims.typ,
        starts_at: seconds(claims.nbf),
        // In grace lic_exp is the grace's end; the licence's own end is `due`.
        expires_at: seconds(claims.due ?? claims.lic_exp),
        device_id: claims.dev,
        activate_by: null,
      },
      lease,
      denied: null,
      activated_at: local.toISOString(),
      // Never validated online yet.
      validated_at: null,
      // Where to pay, as the server last told this booth about the same key (the answer says not).
      payment_due: replaced === null ? (previous?.payment_due ?? null) : null,
    };
    await this.store.writeJson(LICENSE_FILE, record);
    await this.store.writeJson(CLOCK_FILE, {
      latest_seen: new Date(Math.max(correctedNow.getTime(), claims.iat * 1000)).toISOString(),
    });
    await this.store.remove(OFFLINE_REQUEST_FILE);
    const offline = await this.status();
    const message = [
      offline.status === 'offline-grace' ? `activated offline; ${offline.message}` : offline.message,
      ...(replaced ? [replacedLicenseWarning(replaced)] : []),
    ].join('; ');
    return { ...offline, message };
  }

  /**
   * Frees this device's seat on the server and forgets the licence here. The usage queue is
   * flushed first (one try), so what the seat produced goes out while it is still held; the
   * events it could not send go later, under this licence all the same.
   */
  async deactivate(): Promise<DeactivateResult> {
    const stored = await this.storedLicense();
    if (!stored)
      return {
        status: 'not-activated',
        code: 'NO_LICENSE',
        message: 'no licence is activated on this device',
        retryAfterSeconds: null,
      };
    // Events recorded before this licence was stored go under it now or never (they carry no
    // licence of their own); a failing flush must not keep the seat from being freed.
    await this.flushUsage({ attempts: 1 }).catch(() => undefined);
    // The device the seat was taken with, even if this machine's derived id has changed since.
    const answer = await this.post(
      '/api/licenses/deactivate',
      { license_key: stored.license_key, device_id: stored.device_id },
      (body) => (isRecord(body) && body.deactivated === true ? { deactivated: true } : null),
    );
    // The server's own "not now": the seat stays here, and the licence with it.
    if (answer.kind === 'offline' && answer.code === 'DEACTIVATION_LIMIT') {
      return {
        status: 'limit-reached',
        code: answer.code,
        message: answer.message,
        retryAfterSeconds: answer.retryAfterSeconds,
      };
    }
    if (answer.kind === 'offline') {
      return {
        status: 'offline',
        code: answer.code ?? 'OFFLINE',
        message: answer.message,
        retryAfterSeconds: answer.retryAfterSeconds,
      };
    }
    await this.store.remove(LICENSE_FILE);
    if (answer.kind === 'refused')
      return {
        status: 'refused',
        code: answer.code,
        message: answer.message,
        retryAfterSeconds: null,
      };
    return {
      status: 'deactivated',
      code: 'DEACTIVATED',
      message: 'the licence was released from this device',
      retryAfterSeconds: null,
    };
  }

  /**
   * Queues usage events on disk (sent by `flushUsage`). Answers them with their ids. Timestamps
   * (now, or the `timestamp` given, both read on this machine's clock) are moved onto the
   * server's clock by the offset measured so far, so a booth whose clock is minutes off reports
   * the time things really happened; before any measurement, they are moved when sent.
   */
  async recordUsage(events: UsageEventInput | UsageEventInput[]): Promise<UsageEvent[]> {
    const reading = await this.clock.reading();
    const stored = await this.storedLicense();
    return this.usage.append(
      Array.isArray(events) ? events : [events],
      this.now(),
      reading?.offset_ms ?? null,
      // Sent under the licence held as they happened, whatever is activated by the time they go.
      stored ? { license_key: stored.license_key, device_id: stored.device_id } : null,
    );
  }

  /**
   * Sends the queued usage events, each under the licence (key and device id) it was recorded
   * under, or under the stored licence when none was stored then, in batches under the server's
   * count and size limits. Events leave the queue when the server stored them (or had them
   * already) or refused them for good; everything else stays for the next flush.
   */
  async flushUsage(
    options: { attempts?: number; baseDelayMs?: number; maxDelayMs?: number } = {},
  ): Promise<UsageFlushResult> {
    const stored = await this.storedLicense();
    return this.usage.flush(
      (owner, events) =>
        this.post(
          '/api/analytics/usage',
          { license_key: owner.license_key, device_id: owner.device_id, events },
          parseUsageReportAnswer,
        ),
      {
        ...options,
        currentOwner: stored
          ? { license_key: stored.license_key, device_id: stored.device_id }
          : null,
        now: this.now,
        offsetMs: async () => (await this.clock.reading())?.offset_ms ?? null,
      },
    );
  }

  /**
   * Flushes the usage queue every `intervalMs` (default 60 s), backing off while offline (up to
   * an hour, or as Retry-After says). The timer does not keep the process alive.
   */
  startUsageReporter(
    options: {
      intervalMs?: number;
      onResult?: (r: UsageFlushResult) => void;
      onError?: (e: unknown) => void;
    } = {},
  ): { stop: () => void } {
    const intervalMs = options.intervalMs ?? 60_000;
    let timer: NodeJS.Timeout | null = null;
    let stopped = false;
    let failures = 0;
    const schedule = (ms: number) => {
      if (stopped) return;
      timer = setTimeout(tick, ms);
      timer.unref();
    };
    const tick = async () => {
      let delay = intervalMs;
      try {
        const r = await this.flushUsage({ attempts: 1 });
        options.onResult?.(r);
        failures = r.status === 'offline' ? failures + 1 : 0;
        if (failures > 0)
          delay = Math.min(
            HOUR_MS,
            r.retryAfterSeconds !== null
              ? r.retryAfterSeconds * 1000
              : intervalMs * 2 ** Math.min(failures, 6),
          );
      } catch (error) {
        options.onError?.(error);
      }
      schedule(delay);
    };
    schedule(0);
    return {
      stop: () => {
        stopped = true;
        if (timer) clearTimeout(timer);
      },
    };
  }

  /** The trusted keys: the pinned ones, else the server's JWKS as cached (fetched if missing). */
  async refreshJwks(): Promise<boolean> {
    if (this.pinnedJwks) return true;
    const answer = await this.get('/api/licenses/jwks.json', (body) => {
      const keys = ed25519Keys(body);
      return keys.keys.length > 0 ? keys : null;
    });
    if (answer.kind !== 'ok') return false;
    // Kept per server: another server's keys fetched later (a changed --server, a second URL of
    // the shop) must not take away the keys the stored lease is checked with offline.
    const servers = await this.cachedJwks();
    servers[this.serverUrl] = { fetched_at: this.now().toISOString(), keys: answer.body.keys };
    await this.store.writeJson(JWKS_FILE, { version: 2, servers });
    return true;
  }

  /** jwks.json: the JWKS fetched from each server, by its URL (an earlier client's single one too). */
  private async cachedJwks(): Promise<Record<string, { fetched_at: string; keys: unknown[] }>> {
    const cached = await this.store.readJson(JWKS_FILE);
    const servers: Record<string, { fetched_at: string; keys: unknown[] }> = {};
    if (!isRecord(cached)) return servers;
    const entry = (value: unknown) =>
      isRecord(value) && Array.isArray(value.keys)
        ? { fetched_at: typeof value.fetched_at === 'string' ? value.fetched_at : '', keys: value.keys as unknown[] }
        : null;
    if (isRecord(cached.servers)) {
      for (const [server, value] of Object.entries(cached.servers)) {
        const e = entry(value);
        if (e) servers[server] = e;
      }
    } else if (typeof cached.server === 'string') {
      // Written by a client before issue 37: one server's keys.
      const e = entry(cached);
      if (e) servers[cached.server] = e;
    }
    return servers;
  }

  private async trustedKeys(): Promise<JSONWebKeySet | null> {
    if (this.pinnedJwks) return this.pinnedJwks;
    const cached = (await this.cachedJwks())[this.serverUrl];
    if (!cached) return null;
    const keys = ed25519Keys(cached);
    return keys.keys.length > 0 ? keys : null;
  }

  /**
   * Verifies a lease at the time it was issued (its `iat`; now when it has none readable, and the
   * verification then says what is wrong with it): for a lease just received, online or offline.
   */
  private async verifyAtIssue(lease: string, deviceId: string, mayFetch: boolean) {
    let iat = NaN;
    try {
      const decoded = decodeJwt(lease);
      if (typeof decoded.iat === 'number') iat = decoded.iat;
    } catch {
      // not a JWT: the verification says so
    }
    return this.verify(lease, deviceId, Number.isFinite(iat) ? new Date(iat * 1000) : this.now(), mayFetch);
  }

  /** Verifies a lease; `mayFetch` lets an online call fetch the JWKS when a key is missing. */
  private async verify(lease: string, deviceId: string, at: Date, mayFetch: boolean) {
    let keys = await this.trustedKeys();
    if (!keys && mayFetch && (await this.refreshJwks())) keys = await this.trustedKeys();
    if (!keys)
      return {
        ok: false as const,
        code: 'LEASE_INVALID' as const,
        message:
          "no public key to check the lease with: pin the server's keys (the CLI's --jwks FILE, the library's pinnedJwks) or let this booth validate online once so it caches the server's JWKS",
      };
    const toleranceSeconds = this.clockToleranceMs / 1000;
    let check = await verifyLease(lease, {
      jwks: keys,
      issuer: this.issuer,
      deviceId,
      at,
      toleranceSeconds,
    });
    // A key rotated on the server since the JWKS was cached.
    if (
      !check.ok &&
      check.code === 'UNKNOWN_KEY' &&
      mayFetch &&
      !this.pinnedJwks &&
      (await this.refreshJwks())
    ) {
      keys = await this.trustedKeys();
      if (keys)
        check = await verifyLease(lease, {
          jwks: keys,
          issuer: this.issuer,
          deviceId,
          at,
          toleranceSeconds,
        });
    }
    return check;
  }

  /** Verifies and stores a lease the server just issued; answers `valid`. */
  private async acceptLease(
    body: LicenseAnswer,
    key: string,
    deviceId: string,
    activatedAt: string | null,
    answerHadDate: boolean,
  ): Promise<LicenseResult> {
    const lease = body.lease as string;
    const license = body.license as LicenseInfo;
    // Checked at its own iat: the server vouches for the time, so a local clock that is wrong
    // does not reject a lease the server issued just now (offline use then needs the clock).
    const check = await this.verifyAtIssue(lease, deviceId, true);
    if (!check.ok) {
      return result({
        status: 'lease-rejected',
        code: check.code,
        message: `the server's lease was not accepted: ${check.message}`,
        license: null,
      });
    }
    const claims: LeaseClaims = check.claims;
    // No Date header on the answer (a proxy dropped it): the verified lease's iat says the server's
    // time instead (whole seconds, truncated: the middle of that second).
    if (!answerHadDate)
      await this.clock.observe(new Date(claims.iat * 1000 + 500), this.now(), 'lease-iat');
    const now = this.now();
    const serverNow = await this.clock.toServerTime(now);
    const record: StoredLicense = {
      version: 1,
      server: this.serverUrl,
      license_key: key,
      device_id: deviceId,
      license,
      lease,
      denied: null,
      activated_at: activatedAt ?? now.toISOString(),
      validated_at: now.toISOString(),
      payment_due: body.payment_due,
    };
    await this.store.writeJson(LICENSE_FILE, record);
    // The latest time seen (on the server's time) restarts from the server's word: a clock set
    // back before going online stays behind the lease's iat and is caught offline; a clock that
    // was ahead is forgiven.
    await this.store.writeJson(CLOCK_FILE, {
      latest_seen: new Date(Math.max(serverNow.getTime(), claims.iat * 1000)).toISOString(),
    });
    return result({
      status: 'valid',
      code: body.code,
      message: body.detail || 'the licence is valid',
      license,
      lease: claims,
      leaseExpiresAt: new Date(claims.exp * 1000),
      paymentDue: paymentDueOf(claims, body.payment_due?.pay_url ?? null),
    });
  }

  private async offlineFallback(
    reason: string,
    retryAfterSeconds: number | null,
  ): Promise<LicenseResult> {
    const offline = await this.status();
    if (offline.status !== 'offline-grace')
      return { ...offline, message: `${offline.message} (${reason})`, retryAfterSeconds };
    return {
      ...offline,
      code: 'OFFLINE',
      message: `${reason}; ${offline.message}`,
      retryAfterSeconds,
    };
  }

  /** A refusal from activate or validate; remembered when it concerns the stored licence. */
  private async refused(
    answer:
      | { kind: 'refused'; code: string; message: string; detail: Record<string, unknown> | null }
      | { kind: 'ok'; body: LicenseAnswer },
    stored: StoredLicense | null,
  ): Promise<LicenseResult> {
    const code = answer.kind === 'refused' ? answer.code : answer.body.code;
    const message = answer.kind === 'refused' ? answer.message : answer.body.detail;
    const startsAt =
      answer.kind === 'refused'
        ? typeof answer.detail?.starts_at === 'string'
          ? answer.detail.starts_at
          : null
        : answer.body.starts_at;
    // The licence as the server describes it now (an unused Daily pass's activate_by, a renewal's
    // new end): its word over what was stored. Answers about a licence on another device or an
    // unknown key carry none; the stored one is kept then.
    const sent =
      answer.kind === 'refused' ? readLicenseInfo(answer.detail?.license) : answer.body.license;
    const license = sent ?? stored?.license ?? null;
    if (stored) await this.markDenied(stored, code, message, startsAt, license);
    return refusalResult(code, message, license, startsAt);
  }

  private async markDenied(
    stored: StoredLicense,
    code: string,
    message: string,
    startsAt: string | null,
    license: LicenseInfo | null = null,
  ): Promise<void> {
    await this.store.writeJson(LICENSE_FILE, {
      ...stored,
      ...(license ? { license } : {}),
      lease: null,
      denied: {
        code,
        message,
        at: this.now().toISOString(),
        starts_at: startsAt,
        final: FINAL_CODES.has(code),
      },
    });
  }

  private async describeOfflineRequest(
    stored: StoredOfflineRequest,
  ): Promise<OfflineActivationRequest> {
    const r = stored.request;
    const expiresAt = new Date(r.exp * 1000);
    return {
      text: stored.text,
      nonce: r.n,
      keyFingerprint: r.kf,
      deviceId: r.dev,
      deviceName: r.dn ?? null,
      appVersion: r.av ?? null,
      server: stored.server,
      issuedAt: new Date(r.iat * 1000),
      expiresAt,
      expired:
        (await this.clock.serverNow()).getTime() > expiresAt.getTime() + this.clockToleranceMs,
      replacesLicense: replacedLicense(await this.storedLicense(), stored.license_key),
    };
  }

  private async latestSeen(): Promise<number | null> {
    const clock = await this.store.readJson(CLOCK_FILE);
    const at =
      isRecord(clock) && typeof clock.latest_seen === 'string'
        ? Date.parse(clock.latest_seen)
        : NaN;
    return Number.isNaN(at) ? null : at;
  }

  private post<T>(
    path: string,
    body: unknown,
    parse: (body: unknown) => T | null,
  ): Promise<ServerAnswer<T>> {
    return this.call({ path, method: 'POST', body, parse });
  }

  private get<T>(path: string, parse: (body: unknown) => T | null): Promise<ServerAnswer<T>> {
    return this.call({ path, method: 'GET', parse });
  }

  /** One call; an answer from the licence server also measures the clock against the server's. */
  private async call<T>(call: {
    path: string;
    method: 'GET' | 'POST';
    body?: unknown;
    parse: (body: unknown) => T | null;
  }): Promise<ServerAnswer<T>> {
    const answer = await callServer({
      ...call,
      fetch: this.fetchImpl,
      baseUrl: this.serverUrl,
      timeoutMs: this.timeoutMs,
      now: this.now,
    });
    // Only the POST calls' answers: they are never cached, while the JWKS (a GET, cacheable for an
    // hour) may come from a proxy's cache with the Date of when it was first fetched.
    if (call.method === 'POST' && answer.kind !== 'offline' && answer.serverDate)
      await this.clock.observe(answer.serverDate.server, answer.serverDate.local, 'date-header');
    return answer;
  }
}
