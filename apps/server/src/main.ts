import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seedCatalogue } from './db/seed';
import { ensureAdmin } from './modules/users/ensure-admin';
import { gracefulShutdown } from './lib/shutdown';
import { startBanner } from './lib/start-banner';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const started = Date.now();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp(config, { database, startWorkers: true });
  await seedCatalogue(database.db);
  const admin = await ensureAdmin(database.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }, app.log);

  const shutdown = gracefulShutdown(app, database, { timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  app.log.info(
    { db: database.driver, mail: app.ctx.mail.kind, host: config.HOST, ms: Date.now() - started },
    `Lenticular Booth Shop ready on http://localhost:${port}`,
  );
  // The terminal's last words, for the person who ran `npm start` (production logs stay JSON only).
  if (!config.isProduction) {
    // A pretty log goes through a worker thread: let its lines out first, so the banner is last.
    const flush = (app.log as unknown as { flush?: (done: () => void) => void }).flush?.bind(app.log);
    if (flush) await new Promise<void>((resolve) => flush(() => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
    console.log(startBanner({ url, admin, devTools: config.devTools, driver: database.driver, mail: app.ctx.mail.kind }));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
