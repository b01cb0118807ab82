import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { Clock } from './lib/clock';
import type { MailTransport } from './integrations/mail/transport';
import type { LicenseCheckLog } from './modules/license-server/license-check-log';
import type { LicenseRowCache } from './modules/license-server/license-row-cache';
import type { LicenseSigningKeys } from './modules/license-server/signing-keys';
import type { AppMetrics } from './modules/metrics/app-metrics';
import type { OutboxWorker } from './modules/outbox/worker';
import type { LiveSession } from './plugins/auth';
import type { SessionCache } from './plugins/session-cache';

/** What every module receives: configuration and the shared services, built once in buildApp. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  mail: MailTransport;
  outbox: OutboxWorker;
  /** Signed-in sessions in memory; whoever revokes one calls forgetUser after committing. */
  sessions: SessionCache<LiveSession>;
  /** Prometheus metrics of this process (GET /api/metrics). */
  metrics: AppMetrics;
  /** The licence server's record of each booth's latest check, written in batches. */
  licenseChecks: LicenseCheckLog;
  /** Licence rows the validation reads, in memory; every licence write calls licensesChanged. */
  licenseRows: LicenseRowCache;
  /** The key leases are signed with (on a thread of its own) and the JWKS. */
  licenseKeys: LicenseSigningKeys;
  /** The renewal job's and the account area's time: the system clock, offset only in development (lib/clock.ts). */
  clock: Clock;
}
