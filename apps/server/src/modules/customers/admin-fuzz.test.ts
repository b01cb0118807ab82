import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertLicense, insertPaidOrder } from '../../../test/account-fixtures';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import {
  declaredResponseSchema,
  encodeUrlPart,
  operationsOf,
  responseValidator,
  valueFor,
  type OpenApiDocument,
} from '../../../test/openapi-fuzz';

/**
 * The suite's OpenAPI fuzzer (test/api-fuzz.test.ts) calls every route as a stranger and as a
 * customer, which the admin scope turns away before the handler. These routes are read by an
 * admin: fuzzed here as one, from the same document, with a real customer's id offered for `:id`.
 * Never a 5xx, and every answer matches the schema declared for its status.
 */

let t: TestApp;
let admin: TestUser;
let doc: OpenApiDocument;
let customer: TestUser;
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1' });
  admin = await createAdminWithSession(t.db);
  customer = await createUserWithSession(t.db);
  const { order } = await insertPaidOrder(t.db, customer, {});
  await insertLicense(t.db, customer, { orderId: order.id, deviceId: 'booth-1' });
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
});
afterAll(() => t.close());

it('answers an admin’s hostile requests with what it declares, never a 5xx', async () => {
  const ops = operationsOf(doc).filter((op) => /^\/api\/admin\/(customers|search)/.test(op.path));
  expect(ops.map((op) => op.path).sort()).toEqual([
    '/api/admin/customers/{id}',
    '/api/admin/customers/{id}/invoices',
    '/api/admin/customers/{id}/licenses',
    '/api/admin/customers/{id}/notifications',
    '/api/admin/customers/{id}/orders',
    '/api/admin/customers/{id}/timeline',
    '/api/admin/search',
  ]);
  const validate = responseValidator(doc);
  const statuses: number[] = [];
  for (const op of ops) {
    const params = op.parameters ?? [];
    const hints = (name: string) => (name === 'id' ? [customer.id, String(customer.id)] : name === 'q' ? [customer.email.slice(0, 6), 'INV-1001', '#1'] : []);
    const values = fc.tuple(...params.map((p) => fc.option(valueFor(p.schema, hints(p.name)), { freq: p.in === 'path' ? 100 : 4 }).map((v) => [p, v] as const)));
    await fc.assert(
      fc.asyncProperty(values, async (parts) => {
        let url = op.path;
        const query: string[] = [];
        for (const [p, v] of parts) {
          if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeUrlPart(v ?? ''));
          else if (v !== null && v !== undefined) query.push(`${encodeUrlPart(p.name)}=${encodeUrlPart(v)}`);
        }
        if (query.length) url += `?${query.join('&')}`;
        const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
        statuses.push(res.statusCode);
        expect(res.statusCode, url).toBeLessThan(500);
        const schema = declaredResponseSchema(op, res.statusCode);
        expect(schema, `${res.statusCode} for ${url} is not declared`).toBeDefined();
        const check = validate(schema!);
        if (!check(res.json())) throw new Error(`${res.statusCode} for ${url} breaks its schema: ${JSON.stringify(check.errors)}`);
      }),
      { seed: SEED, numRuns: 60 },
    );
  }
  // Not vacuous: requests got past validation into the handlers.
  expect(statuses.filter((s) => s === 200).length, `FUZZ_SEED=${SEED}`).toBeGreaterThan(statuses.length / 10);
}, 120_000);
