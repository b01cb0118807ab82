import { Clock } from './lib/clock';
import crypto from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { strictBodyValidatorCompiler } from './plugins/strict-body';
import { redactUrl } from './lib/redact-url';
import { openApiSerializerCompiler, openApiTransform } from './lib/openapi';
import type { AppConfig } from './config';
import type { AppContext } from './app-context';
import { openDatabase, type Database } from './db/client';
import { describeUpgrade } from './db/upgrade-pglite-data';
import { devMailboxTransport, smtpTransport } from './integrations/mail/transport';
import { deliverCampaignMail } from './modules/campaigns/deliver-campaign-mail';
import { OutboxWorker } from './modules/outbox/worker';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerAuth, type LiveSession } from './plugins/auth';
import { requireAdmin } from './plugins/guards';
import { SessionCache } from './plugins/session-cache';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSpa } from './plugins/spa';
import { contentSecurityPolicy } from './plugins/csp';
import { registerSecurityHeaders } from './plugins/security-headers';
import { noStoreByDefault } from './plugins/no-store';
import { LicenseCheckLog } from './modules/license-server/license-check-log';
import { LicenseRowCache } from './modules/license-server/license-row-cache';
import { LicenseSigningKeys } from './modules/license-server/signing-keys';
import { AppMetrics } from './modules/metrics/app-metrics';
import { PaymentReconciler } from './modules/payments/reconcile';
import { LicenseReminderJob } from './modules/licenses/send-expiry-reminders';
import { chargeRenewalOrder } from './modules/renewals/charge-renewal-order';
import { RenewalJob } from './modules/renewals/renewal-job';
import { MODULES, routesOf, type AppModule } from './modules/module-table';

export interface BuildOptions {
  /** An already open database (tests pass an in-memory one); otherwise opened from config. */
  database?: Database;
  /** Start background workers (outbox). main.ts does; tests drive them by hand. */
  startWorkers?: boolean;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Where log lines go instead of stdout (tests read what would be logged). */
  logStream?: { write(line: string): void };
  /** The modules to register (a test passes an altered table); otherwise every module of the server. */
  modules?: readonly AppModule[];
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * One log line per request, when it is answered, instead of Fastify's two ("incoming request" and
 * "request completed"): under load the logging was a sixth of a small route's CPU, and the line
 * written on completion can carry the request too.
 */
class OneLinePerRequest extends LogController {
  /** `quiet`: answered requests log at debug, so a developer's terminal keeps the start banner in view. */
  constructor(private readonly quiet = false) {
    super();
  }
  /**
   * The app's logger without its redaction, for answered requests' lines only: every field of such
   * a line is one this class picks, none can hold a secret (the URL is masked by the req
   * serializer), and the redaction's walk over each line cost more than the rest of the line
   * (measured with bench:license). Errors keep the redacting logger: an error may carry anything.
   * Made from the app's logger, so it follows the app's level; a route's own `logLevel` (none is
   * set today) would not apply to these lines.
   */
  private answeredLines: FastifyBaseLogger | undefined;

  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    // The route template (not the URL, which may carry a token) and the caller when the request
    // looked them up; the request id is the request logger's binding (reqId) on an error line, and
    // added by hand on an answered one.
    const fields = { req, res: reply, responseTime: reply.elapsedTime, route: req.routeOptions.url ?? null, userId: req.knownUserId() };
    if (error) {
      reply.log.error({ ...fields, err: error }, 'request errored');
      return;
    }
    this.answeredLines ??= req.server.log.child({}, { redact: [] });
    const line = { reqId: req.id, ...fields };
    if (this.quiet && reply.statusCode < 500) this.answeredLines.debug(line, 'request completed');
    else this.answeredLines.info(line, 'request completed');
  }
}

// Request bodies are small JSON documents; anything larger is refused before parsing.
const BODY_LIMIT_BYTES = 100 * 1024;

/** Builds the whole app: plugins, modules, workers. Does not listen. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // `npm start` in a developer's terminal: readable lines, and answered requests only at debug.
  // Anywhere else (production, tests, a log file or collector) one JSON line per request.
  const forPerson = config.NODE_ENV === 'development' && !opts.logStream && process.stdout.isTTY === true;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            ...(forPerson ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.new_pwd', '*.current_pwd', '*.token', '*.license_key'],
            serializers: {
              // Fastify's own request fields, with secrets carried in the URL masked.
              req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip }),
            },
          },
    logController: new OneLinePerRequest(forPerson),
    bodyLimit: BODY_LIMIT_BYTES,
    // A caller's X-Request-Id is kept for tracing only when it is a short, plain token.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    // Only behind a known proxy may X-Forwarded-For name the client; otherwise anyone could pick
    // their own address and slip past the per-client rate limits.
    trustProxy: config.TRUST_PROXY,
    // Bad percent-encoding and over-long path values answer {detail}, like every other error.
    frameworkErrors,
    routerOptions: {
      ignoreTrailingSlash: true,
      // Long path values (a pasted token, a long promo code) reach the route and its schema,
      // which answers a 4xx {detail}, instead of the router's bare 414.
      maxParamLength: 2048,
    },
  });
  // The API speaks JSON only: without this, Fastify's built-in text/plain parser hands a string
  // to the body schema and the client gets a confusing 400 instead of 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.setSerializerCompiler(openApiSerializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  registerErrorHandling(app);

  const database = opts.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir }));
  // Opening an embedded database written by an older PGlite upgraded it: say so, and where the old one is.
  if (database.upgrade) app.log.warn({ pgliteUpgrade: database.upgrade }, describeUpgrade(database.upgrade));
  const db = database.db;
  const mail = config.SMTP_URL
    ? smtpTransport(config.SMTP_URL, config.MAIL_FROM, config.publicUrl)
    : devMailboxTransport(db, config.MAIL_FROM);
  const outbox = new OutboxWorker(
    db,
    {
      mail: (m, id) => mail.send(m, id),
      campaignMail: (payload, id, lastAttempt) => deliverCampaignMail({ db, mail, publicUrl: config.publicUrl }, payload, id, lastAttempt),
      // Runs after ctx exists below: the outbox delivers nothing before the app is built.
      renewalCharge: async (job) => {
        await chargeRenewalOrder(ctx, job.order_id);
      },
    },
    app.log,
    { pollMs: config.OUTBOX_POLL_MS },
  );
  const sessions = new SessionCache<LiveSession>(database, app.log);
  const metrics = new AppMetrics(database);
  const licenseChecks = new LicenseCheckLog(db, app.log);
  const licenseRows = new LicenseRowCache(database, app.log);
  const licenseKeys = new LicenseSigningKeys(db, config);
  const clock = new Clock(config.DEV_CLOCK_OFFSET_MS);
  const ctx: AppContext = { config, database, db, mail, outbox, sessions, metrics, licenseChecks, licenseRows, licenseKeys, clock };
  app.decorate('ctx', ctx);
  app.addHook('onResponse', async (req, reply) => metrics.observe(req, reply));

  await registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction,
  });
  await registerRateLimit(app, config);
  registerAuth(app, db, sessions);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Lenticular Booth Shop API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The access_token that sign-in answers' },
          // EventSource and a plain download link cannot send headers; they carry a short-lived
          // ticket bound to the session instead.
          ticket: { type: 'apiKey', in: 'query', name: 'ticket', description: 'A ticket from the matching ticket or link route' },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN (GET /api/metrics); without one set, only this machine may scrape' },
        },
      },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const modules = opts.modules ?? MODULES;
  const api = async (scope: FastifyInstance) => {
    noStoreByDefault(scope);
    for (const m of modules) for (const routes of routesOf(m)) await scope.register(routes, { ctx });
    // The only place admin routes are registered. The hook settles who may call before any
    // route-level hook, so an admin route cannot forget its guard; the OpenAPI `admin` tag comes
    // from here too, not from each route.
    await scope.register(async (admin) => {
      admin.addHook('onRequest', requireAdmin);
      admin.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, tags: [...(route.schema?.tags ?? []), 'admin'] };
      });
      for (const m of modules) if (m.adminRoutes) await admin.register(m.adminRoutes, { ctx });
    });
  };
  await app.register(api, { prefix: '/api' });

  if (config.devTools) for (const m of modules) if (m.devRoutes) await app.register(m.devRoutes, { ctx });
  if (opts.serveWeb !== false) await registerSpa(app, config.webDistDir);
  else
    app.setNotFoundHandler((req, reply) =>
      reply.status(404).send({ detail: `Not found: ${req.method} ${req.url.split('?')[0]}` }),
    );

  // Stopped before the database closes (onClose hooks run in the order they were added).
  const reconciler = new PaymentReconciler(ctx, app.log);
  app.addHook('onClose', () => reconciler.stop());
  app.addHook('onClose', () => licenseChecks.stop());
  if (opts.startWorkers) reconciler.start();
  const reminders = new LicenseReminderJob(ctx, app.log);
  app.addHook('onClose', () => reminders.stop());
  if (opts.startWorkers) reminders.start();
  const renewals = new RenewalJob(ctx, app.log);
  app.addHook('onClose', () => renewals.stop());
  if (opts.startWorkers) renewals.start();
  if (opts.startWorkers) outbox.start();
  app.addHook('onClose', async () => {
    await outbox.stop();
    await sessions.close();
    await licenseRows.close();
    await licenseKeys.close();
    if (!opts.database) await database.close();
  });
  return app;
}
