import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { outbox } from '../src/db/schema';
import { cartOf, CHECKOUT_URL, onePaymentBody } from './checkout-fixtures';
import {
  apiClient,
  openNotificationStream,
  readStorage,
  serverStorage,
  signedUpCustomer,
  startServerProcess,
  type ServerProcess,
} from './server-process';
import { startSmtpServer } from './smtp-server';

// Spawned servers boot PGlite or connect to PostgreSQL, run the compiled server (dist/main.js) and are
// driven over real HTTP on a machine shared with other test files.
const PROCESS_TEST_MS = 180_000;

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
});

async function setUp(env: Record<string, string>) {
  const smtp = await startSmtpServer('accept');
  cleanups.push(() => smtp.close());
  const storage = await serverStorage();
  cleanups.push(() => storage.remove());
  const server = await startServerProcess(storage, { SMTP_URL: smtp.url, ...env });
  cleanups.push(() => server.kill());
  onTestFailed(() => console.log(`server output:\n${server.output()}`));
  return { smtp, storage, server };
}

/**
 * A request whose headers have reached the server but whose body is still coming: in flight for
 * as long as the test likes. `finish()` sends the rest and resolves with the answer.
 */
function halfSentRequest(server: ServerProcess, method: string, path: string, body: unknown, token?: string) {
  const bytes = Buffer.from(JSON.stringify(body));
  const held: { req?: http.ClientRequest } = {};
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      `${server.baseUrl}${path}`,
      {
        method,
        // As browsers hold them: the socket stays open for the next request after the answer.
        agent: new http.Agent({ keepAlive: true }),
        headers: {
          'content-type': 'application/json',
          'content-length': String(bytes.length),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.on('error', reject);
    req.write(bytes.subarray(0, 10));
    held.req = req;
  });
  answer.catch(() => {});
  return {
    finish: () => {
      held.req!.end(bytes.subarray(10));
      return answer;
    },
  };
}

const timed = async (server: ServerProcess) => {
  const began = Date.now();
  const result = await server.exited;
  return { ...result, ms: Date.now() - began };
};

/** Pays an order on the local provider's page, which queues the receipt mail. */
async function buyAndPay(server: ServerProcess, customer: { email: string; token: string }) {
  const api = apiClient(server.baseUrl);
  const checkout = await api.call('POST', CHECKOUT_URL, { token: customer.token, body: onePaymentBody(cartOf({ 12: 1 }), { email: customer.email }) });
  expect(checkout.status).toBe(200);
  const pay = await fetch(`${server.baseUrl}${new URL(checkout.json.url).pathname}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(pay.status).toBe(303);
}

describe('stopping the server (SIGTERM to its process group)', () => {
  it(
    'ends live streams, lets an in-flight request and the mail being sent finish, then exits 0',
    async () => {
      const { smtp, storage, server } = await setUp({ SHUTDOWN_TIMEOUT_MS: '10000' });
      const customer = await signedUpCustomer(server.baseUrl, { mailbox: smtp.mailTo });
      const streams = await Promise.all([1, 2, 3].map(() => openNotificationStream(server.baseUrl, customer.token)));

      // The receipt is handed to a mail server that takes 2.5 s to say it has it.
      smtp.mode = 'slow';
      smtp.slowMs = 2500;
      const receiptArrives = smtp.nextData();
      await buyAndPay(server, customer);
      const receipt = await receiptArrives;
      expect(receipt.subject).toMatch(/receipt/i);

      const inFlight = halfSentRequest(server, 'POST', CHECKOUT_URL, onePaymentBody(cartOf({ 12: 1 }), { email: customer.email }), customer.token);
      await new Promise((r) => setTimeout(r, 300)); // its headers reach the server

      const stopped = timed(server);
      server.signal('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      const answer = await inFlight.finish();
      const { code, signal, ms } = await stopped;

      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(ms).toBeLessThan(10_000);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ url: expect.stringContaining('/dev/pay/lps_') });
      for (const stream of streams) {
        await stream.done;
        expect(stream.ended()).toBe(true);
      }
      // The slow mail server's 250 came after the signal, and the delivery was recorded.
      expect(smtp.accepted.filter((m) => m.messageId === receipt.messageId)).toHaveLength(1);
      const outboxId = Number(/<outbox-(\d+)@/.exec(receipt.messageId ?? '')?.[1]);
      const [row] = await readStorage(storage, (db) => db.select().from(outbox).where(eq(outbox.id, outboxId)));
      expect(row).toMatchObject({ status: 'delivered', attempts: 1 });
      expect(server.output()).toMatch(/"msg":"stopped"/);
    },
    PROCESS_TEST_MS,
  );

  it(
    'exits 1 after SHUTDOWN_TIMEOUT_MS when work never finishes, and logs what was still open',
    async () => {
      const { smtp, server } = await setUp({ SHUTDOWN_TIMEOUT_MS: '1500' });
      smtp.mode = 'hang';
      const verificationSent = smtp.nextData();
      await apiClient(server.baseUrl).signUp('stuck@example.com');
      await verificationSent; // the mail server never answers it
      halfSentRequest(server, 'POST', '/api/users/signin', { user: { email: 'stuck@example.com', password: 'x' } });
      await new Promise((r) => setTimeout(r, 300));

      const stopped = timed(server);
      server.signal('SIGTERM');
      const { code, signal, ms } = await stopped;

      // Exited by itself (not the watchdog's SIGKILL), soon after the bound.
      expect({ code, signal }).toEqual({ code: 1, signal: null });
      expect(ms).toBeGreaterThanOrEqual(1400);
      expect(ms).toBeLessThan(1500 + 3000);
      const report = server
        .output()
        .split('\n')
        .filter((line) => line.includes('shutdown did not finish within 1500 ms'))
        .map((line) => JSON.parse(line) as { requests: string[]; mailBeingSent: number | null; phase: string });
      expect(report).toHaveLength(1);
      expect(report[0]!.requests).toEqual([expect.stringMatching(/^POST \/api\/users\/signin \(\d+ ms\)$/)]);
      expect(report[0]!.mailBeingSent).toEqual(expect.any(Number));
      expect(report[0]!.phase).toMatch(/HTTP server/);
    },
    PROCESS_TEST_MS,
  );
});
