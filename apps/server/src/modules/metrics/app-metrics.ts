import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LicenseValidationCode } from '@lbs/domain/license-server';
import type { Database } from '../../db/client';
import { sharedPerTurn } from '../../lib/shared-per-turn';

/**
 * The process's Prometheus metrics (prom-client), one registry per app so tests that build many
 * apps in one process each see their own. Each server process answers for itself; Prometheus
 * scrapes every process and sums. Routes are labelled by their template (`/api/order/:id`), never
 * the URL, so the series stay few whatever the traffic.
 */
export class AppMetrics {
  readonly registry = new Registry();

  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  private readonly errors = new Counter({
    name: 'http_request_errors_total',
    help: 'Requests answered with a 5xx status, by method and route template',
    labelNames: ['method', 'route'] as const,
    registers: [this.registry],
  });

  private readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to the answer being sent, by method and route template',
    labelNames: ['method', 'route'] as const,
    // From a cached read (~1 ms) to a slow report or a CSV export.
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly validations = new Counter({
    name: 'license_validations_total',
    help: 'Licence validations answered by the licence server, by code (VALID, EXPIRED, REVOKED, ...)',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });

  constructor(database: Database) {
    // Process CPU, memory, GC and event-loop lag (nodejs_eventloop_lag_seconds and percentiles).
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });

    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (PostgreSQL; PGlite has one embedded connection and reports none)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const stats = database.poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });

    // The outbox is shared by every process, so any one's scrape reads the same figures. One
    // count over the pending rows (the due index covers status), at scrape time only, shared by
    // the two gauges below.
    const readOutbox = sharedPerTurn(() =>
      database.db
        .execute(
          sql`select count(*)::int as depth, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest from outbox where status = 'pending'`,
        )
        .then((r) => {
          const row = (r as unknown as { rows: { depth: number; oldest: number }[] }).rows[0];
          return { depth: Number(row?.depth ?? 0), oldest: Number(row?.oldest ?? 0) };
        }),
    );
    new Gauge({
      name: 'outbox_pending_messages',
      help: 'Mail and other side effects waiting in the outbox',
      registers: [this.registry],
      async collect() {
        this.set((await readOutbox()).depth);
      },
    });
    new Gauge({
      name: 'outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest message still waiting in the outbox (0 when none)',
      registers: [this.registry],
      async collect() {
        this.set((await readOutbox()).oldest);
      },
    });
  }

  /** onResponse: one observation per answered request. */
  observe(req: FastifyRequest, reply: FastifyReply): void {
    // Unmatched paths (404s, probes) share one label rather than one series per URL.
    const route = req.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    this.requests.inc({ method: req.method, route, status });
    if (status >= 500) this.errors.inc({ method: req.method, route });
    this.duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  }

  licenseValidated(code: LicenseValidationCode): void {
    this.validations.inc({ code });
  }
}
