/**
 * A test double of the licence server (DESIGN §6) for the client's tests: a real HTTP server on
 * 127.0.0.1 signing real Ed25519 leases with jose, answering activate / validate / deactivate /
 * jwks.json / analytics/usage as the contract says. It can be stopped and started again on the
 * same port (an outage) and told to answer the next calls with a given status.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { LEASE_CLOCK_TOLERANCE_MS } from '@lbs/license-protocol/lease-time';

export interface DoubleLicense {
  id: number;
  key: string;
  type: string;
  starts_at: string;
  expires_at: string | null;
  device_id: string | null;
  revoked: boolean;
  /** Refused as SUSPENDED until set back (an admin reinstates). */
  suspended: boolean;
  /** A Daily pass not started yet: the last day to activate it. */
  activate_by: string | null;
  deactivations: number;
  /**
   * Set while an automatic renewal is unpaid: from `expires_at` until then the licence is in
   * grace, VALID with `payment_due`, its lease's `lic_exp` this and `due` its expiry.
   */
  grace_until: string | null;
}

export interface Injected {
  status: number;
  headers?: Record<string, string>;
  /** Raw text, or a value sent as JSON. */
  body?: unknown;
  /** Only for paths starting with this. */
  path?: string;
  /** Never answer (the client's timeout fires). */
  hang?: boolean;
}

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function makeSigningKey(kid = `k-${randomUUID().slice(0, 8)}`): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
  return { kid, privateKey, publicJwk };
}

export class LicenseServerDouble {
  readonly licenses = new Map<string, DoubleLicense>();
  /** Every usage batch received (after the licence check), in order. */
  readonly usageBatches: { event_id: string; timestamp?: string }[][] = [];
  /** Bytes of a usage report's body taken; more is 413. */
  usageBodyLimit = 256 * 1024;
  /** How many times each event id arrived and was stored (accepted, then duplicates). */
  readonly eventArrivals = new Map<string, number>();
  readonly requests: { method: string; path: string; body: string }[] = [];
  /** When a device gave a licence back (key, then device id): like the server, it may still
   *  report that licence's events up to that moment. */
  readonly freedAt = new Map<string, Map<string, number>>();
  /** Answers to give instead of the contract's, one per request, in order. */
  readonly injected: Injected[] = [];
  leaseTtlSeconds = 72 * 3600;
  /** The server's clock (ms). */
  now: () => number = () => Date.now();
  /** Overrides the iss claim (default: the server's own URL). */
  issuer: string | null = null;
  key!: SigningKey;
  port = 0;
  private server: Server | null = null;
  private nextId = 1;

  static async start(): Promise<LicenseServerDouble> {
    const double = new LicenseServerDouble();
    double.key = await makeSigningKey();
    await double.listen();
    return double;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  addLicense(
    options: Partial<Omit<DoubleLicense, 'id' | 'key'>> & { key?: string } = {},
  ): DoubleLicense {
    const now = this.now();
    const license: DoubleLicense = {
      id: this.nextId++,
      key: options.key ?? `LB-${randomUUID().slice(0, 8).toUpperCase()}`,
      type: options.type ?? 'month',
      starts_at: options.starts_at ?? new Date(now).toISOString(),
      expires_at:
        options.expires_at === undefined
          ? new Date(now + 30 * 86_400_000).toISOString()
          : options.expires_at,
      device_id: options.device_id ?? null,
      revoked: options.revoked ?? false,
      suspended: options.suspended ?? false,
      activate_by: options.activate_by ?? null,
      deactivations: options.deactivations ?? 0,
      grace_until: options.grace_until ?? null,
    };
    this.licenses.set(license.key, license);
    return license;
  }

  /** Starts listening (again, on the same port after `stop`). */
  async listen(): Promise<void> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: String(error) }));
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: the client gets connection refused. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async signLease(
    license: DoubleLicense,
    deviceId: string,
    overrides: { key?: SigningKey; iat?: number; nbf?: number; exp?: number; typ?: string } = {},
  ): Promise<string> {
    const key = overrides.key ?? this.key;
    const iat = overrides.iat ?? Math.floor(this.now() / 1000);
    const due = this.inGrace(license) ? Math.floor(Date.parse(license.expires_at!) / 1000) : null;
    const usableUntil = this.usableUntil(license);
    const licExp = usableUntil === null ? null : Math.floor(usableUntil / 1000);
    const exp =
      overrides.exp ?? Math.min(licExp ?? Number.MAX_SAFE_INTEGER, iat + this.leaseTtlSeconds);
    // nbf: the licence's start, as the server's leases (DESIGN §6.1).
    const nbf = overrides.nbf ?? Math.floor(Date.parse(license.starts_at) / 1000);
    return new SignJWT({ typ: license.type, dev: deviceId, lic_exp: licExp, ...(due === null ? {} : { due }) })
      .setNotBefore(nbf)
      .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: overrides.typ ?? 'lease+jwt' })
      .setIssuer(this.issuer ?? this.url)
      .setSubject(String(license.id))
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key.privateKey);
  }

  /** The server's isInGrace: the term ended, its grace has not. */
  inGrace(license: DoubleLicense): boolean {
    const now = this.now();
    return (
      license.expires_at !== null &&
      license.grace_until !== null &&
      Date.parse(license.expires_at) <= now &&
      now < Date.parse(license.grace_until)
    );
  }

  /** The server's licenseUsableUntil (ms), null when it never ends. */
  usableUntil(license: DoubleLicense): number | null {
    if (license.expires_at === null) return null;
    const end = Date.parse(license.expires_at);
    return license.grace_until === null ? end : Math.max(end, Date.parse(license.grace_until));
  }

  /** What a VALID answer adds in grace. */
  private paymentDue(license: DoubleLicense): Record<string, unknown> {
    if (!this.inGrace(license)) return {};
    return {
      payment_due: {
        since: license.expires_at,
        grace_until: license.grace_until,
        pay_url: `${this.url}/accounts/overview`,
      },
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    this.requests.push({
      method: req.method ?? 'GET',
      path,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, {
        'content-type': typeof body === 'string' ? 'text/html' : 'application/json',
        ...headers,
      });
      res.end(text);
    };
    const refuse = (
      status: number,
      code: string,
      message: string,
      headers: Record<string, string> = {},
    ) => send(status, { detail: { code, message } }, headers);

    const injectedAt = this.injected.findIndex((i) => !i.path || path.startsWith(i.path));
    if (injectedAt >= 0) {
      const [injected] = this.injected.splice(injectedAt, 1);
      if (injected?.hang) return;
      if (injected) return send(injected.status, injected.body ?? '', injected.headers);
    }

    // The server's body limit for usage reports (USAGE_REPORT_MAX_BYTES); a proxy may set less.
    if (path === '/api/analytics/usage' && Buffer.concat(chunks).length > this.usageBodyLimit)
      return send(413, { detail: 'Request body is too large' });
    if (req.method === 'GET' && path === '/api/licenses/jwks.json')
      return send(200, { keys: [this.key.publicJwk] });
    if (req.method !== 'POST') return refuse(404, 'NOT_FOUND', 'no such route');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      return send(400, { detail: 'body must be JSON' });
    }
    const licenseKey = typeof body.license_key === 'string' ? body.license_key : '';
    const deviceId = typeof body.device_id === 'string' ? body.device_id : '';
    if (!licenseKey || !deviceId)
      return send(400, { detail: 'license_key and device_id are required' });
    const license = this.licenses.get(licenseKey);
    const expired = (l: DoubleLicense) => {
      const end = this.usableUntil(l);
      return end !== null && end <= this.now();
    };
    const view = (l: DoubleLicense) => ({
      id: l.id,
      type: l.type,
      starts_at: l.starts_at,
      expires_at: l.expires_at,
      device_id: l.device_id,
      activate_by: l.activate_by,
    });
    const notYetValid = (l: DoubleLicense) => Date.parse(l.starts_at) > this.now();

    switch (path) {
      case '/api/licenses/activate': {
        if (!license) return refuse(404, 'NOT_FOUND', 'License key not found');
        if (license.revoked) return refuse(403, 'REVOKED', 'This licence has been revoked');
        if (license.suspended) return refuse(403, 'SUSPENDED', 'This license is suspended. Please contact us.');
        if (notYetValid(license)) {
          return send(403, {
            detail: {
              code: 'NOT_YET_VALID',
              message: 'This license has not started yet',
              starts_at: license.starts_at,
            },
          });
        }
        if (expired(license)) return refuse(403, 'EXPIRED', 'This licence has expired');
        if (license.device_id && license.device_id !== deviceId)
          return refuse(409, 'DEVICE_LIMIT_REACHED', 'This licence is active on another device');
        license.device_id = deviceId;
        return send(200, {
          valid: true,
          code: 'VALID',
          license: view(license),
          lease: await this.signLease(license, deviceId),
          ...this.paymentDue(license),
        });
      }
      case '/api/licenses/validate': {
        const answer = (code: string, detail: string) =>
          send(200, { valid: false, code, detail, ...(license ? { license: view(license) } : {}) });
        if (!license)
          return send(200, { valid: false, code: 'NOT_FOUND', detail: 'License key not found' });
        if (license.revoked) return answer('REVOKED', 'This licence has been revoked');
        if (license.suspended) return answer('SUSPENDED', 'This license is suspended. Please contact us.');
        if (notYetValid(license)) {
          return send(200, {
            valid: false,
            code: 'NOT_YET_VALID',
            detail: 'This license has not started yet',
            starts_at: license.starts_at,
            license: view(license),
          });
        }
        if (expired(license)) return answer('EXPIRED', 'This licence has expired');
        if (!license.device_id) return answer('NOT_ACTIVATED', 'This licence is not activated');
        if (license.device_id !== deviceId)
          return answer('DEVICE_MISMATCH', 'This licence is active on another device');
        return send(200, {
          valid: true,
          code: 'VALID',
          detail: 'The licence is valid',
          license: view(license),
          lease: await this.signLease(license, deviceId),
          ...this.paymentDue(license),
        });
      }
      case '/api/licenses/deactivate': {
        if (!license) return refuse(404, 'NOT_FOUND', 'License key not found');
        if (license.device_id !== deviceId)
          return refuse(409, 'DEVICE_MISMATCH', 'This licence is not active on this device');
        if (license.deactivations >= 3)
          return refuse(429, 'DEACTIVATION_LIMIT', 'Too many deactivations', {
            'retry-after': '86400',
          });
        license.deactivations += 1;
        license.device_id = null;
        const freed = this.freedAt.get(license.key) ?? new Map<string, number>();
        freed.set(deviceId, this.now());
        this.freedAt.set(license.key, freed);
        return send(200, { deactivated: true });
      }
      case '/api/analytics/usage': {
        const events = Array.isArray(body.events)
          ? (body.events as { event_id: string; timestamp?: string }[])
          : [];
        if (events.length < 1 || events.length > 100)
          return send(400, { detail: 'events: 1 to 100' });
        if (!license) return refuse(403, 'NOT_FOUND', 'License key not found');
        const freedAt =
          license.device_id === deviceId ? null : this.freedAt.get(license.key)?.get(deviceId);
        if (freedAt === undefined)
          return refuse(403, 'DEVICE_MISMATCH', 'This licence is not active on this device');
        this.usageBatches.push(events);
        // Like the server (decision 0010): each event judged on its own by the server's clock and
        // the licence's term, 15 minutes' tolerance before its start and after its device was
        // freed, the lease's clock tolerance (1 hour) after its end; a bad field is INVALID.
        const now = this.now();
        const tolerance = 15 * 60_000;
        const from = Date.parse(license.starts_at) - tolerance;
        const usableUntil = this.usableUntil(license);
        const to = Math.min(
          usableUntil === null ? Infinity : usableUntil + LEASE_CLOCK_TOLERANCE_MS,
          (freedAt ?? Infinity) + tolerance,
        );
        const results = events.map((event) => {
          const at = Date.parse(event.timestamp ?? '');
          const refused = (code: string) => ({ event_id: event.event_id, result: 'refused', code, message: code });
          if ((event as { file_type?: string }).file_type === 'invalid-in-test') return refused('INVALID');
          if (at < now - 30 * 86_400_000) return refused('TOO_OLD');
          if (at > now + 5 * 60_000) return refused('AHEAD');
          if (at < from || at > to) return refused('OUTSIDE_TERM');
          const seen = this.eventArrivals.get(event.event_id) ?? 0;
          this.eventArrivals.set(event.event_id, seen + 1);
          return { event_id: event.event_id, result: seen > 0 ? 'duplicate' : 'accepted' };
        });
        const count = (result: string) => results.filter((r) => r.result === result).length;
        return send(202, {
          accepted: count('accepted'),
          duplicates: count('duplicate'),
          refused: count('refused'),
          results,
        });
      }
      default:
        return refuse(404, 'NOT_FOUND', 'no such route');
    }
  }
}
