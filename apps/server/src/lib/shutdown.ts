import type { FastifyInstance } from 'fastify';
import { Worker } from 'node:worker_threads';

// Extra time the last-resort watchdog thread gives the main thread to log and exit by itself.
const WATCHDOG_GRACE_MS = 3_000;
// While draining, keep-alive sockets that finish their last request are closed this often (Node's
// server.close() only closes the ones idle at the moment it is called).
const IDLE_SWEEP_MS = 100;

/**
 * Runs off the main thread, so it fires even when the main thread is stuck in something
 * synchronous (a log write to a pipe nobody reads, a WASM call that never returns), which no
 * timer on the main thread could ever interrupt.
 */
const WATCHDOG_SOURCE = `
const fs = require('node:fs');
const { workerData } = require('node:worker_threads');
setTimeout(() => {
  const line = JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg: 'shutdown watchdog: the main thread did not exit; killing the process' }) + '\\n';
  fs.write(2, line, () => {});
  setTimeout(() => process.kill(process.pid, 'SIGKILL'), 200);
}, workerData.ms);
`;

interface OpenRequest {
  method: string;
  route: string;
  since: number;
}

/**
 * A bounded stop for the listening app: stop accepting, end live streams, let in-flight requests
 * and the mail being sent finish, stop the background jobs, close the database, exit 0. Past
 * `timeoutMs` it logs what was still open and exits 1. Call before listen (it adds hooks).
 */
export function gracefulShutdown(
  app: FastifyInstance,
  // Only closed here: any database (db/client's Database) will do, and lib/ stays below db/.
  database: { close(): Promise<void> },
  opts: { timeoutMs: number; exit?: (code: number) => void },
): (signal: string) => Promise<void> {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  // Route patterns, never raw URLs: those can carry tokens (verification links, stream tickets).
  const requests = new Map<object, OpenRequest>();
  app.addHook('onRequest', async (req, reply) => {
    const key = reply.raw;
    requests.set(key, { method: req.method, route: req.routeOptions.url ?? 'unknown route', since: Date.now() });
    // 'close' comes for finished, aborted and hijacked (streamed) responses alike.
    reply.raw.once('close', () => requests.delete(key));
  });

  let phase = 'running';
  let started = false;

  const openWork = () => {
    const now = Date.now();
    return {
      phase,
      requests: [...requests.values()].map((r) => `${r.method} ${r.route} (${now - r.since} ms)`),
      mailBeingSent: app.ctx.outbox.sendingId ?? null,
      resources: countBy(process.getActiveResourcesInfo()),
    };
  };

  return async (signal: string) => {
    if (started) return;
    started = true;
    const began = Date.now();
    app.log.info({ signal, timeoutMs: opts.timeoutMs }, 'shutting down');

    const watchdog = new Worker(WATCHDOG_SOURCE, { eval: true, execArgv: [], workerData: { ms: opts.timeoutMs + WATCHDOG_GRACE_MS } });
    watchdog.unref();
    const deadline = setTimeout(() => {
      app.log.error(openWork(), `shutdown did not finish within ${opts.timeoutMs} ms; exiting with work still open`);
      exit(1);
    }, opts.timeoutMs);
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);

    let code = 0;
    try {
      // Fastify: preClose hooks (live streams end), the server stops accepting and waits for
      // in-flight requests, then onClose hooks (reconciliation, outbox, notification listener).
      phase = 'closing the HTTP server, then the background jobs';
      await app.close();
      clearInterval(sweep);
      phase = 'closing the database';
      await database.close();
      phase = 'exiting';
    } catch (err) {
      app.log.error({ err, phase }, 'shutdown did not complete cleanly');
      code = 1;
    }
    clearInterval(sweep);
    clearTimeout(deadline);
    app.log.info({ ms: Date.now() - began, code }, 'stopped');
    exit(code);
  };
}

function countBy(items: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[item] = (counts[item] ?? 0) + 1;
  return counts;
}
