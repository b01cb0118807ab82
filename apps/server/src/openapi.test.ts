import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, PASSWORD_PATTERN } from '@lbs/domain/schemas';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createUserWithSession, randomIp, type TestUser } from '../test/fixtures';

/**
 * The OpenAPI document is checked against the running API: every operation is called for real,
 * anonymously and as a signed-in user who owns nothing, and every status those calls answer must
 * be in the document, with `security` exactly where an anonymous call is refused with 401.
 */

type Schema = { type?: string; format?: string; pattern?: string; enum?: unknown[]; minimum?: number };
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Media {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
  security?: Array<Record<string, string[]>>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

interface Probe {
  method: string;
  path: string;
  op: Operation;
  /** What an anonymous call answered. */
  anonymous: LightMyRequestResponse;
  /** What a signed-in user who owns nothing answered (not for event streams, which never end). */
  signedIn: LightMyRequestResponse | undefined;
}

let t: TestApp;
let doc: Document;
let someoneElse: TestUser;
const probes: Probe[] = [];

const isEventStream = (op: Operation) => Boolean(op.responses['200']?.content?.['text/event-stream']);
const requiresToken = (op: Operation) => Boolean(op.security?.length) && !op.security!.some((alt) => Object.keys(alt).length === 0);
const exampleOf = (op: Operation) => {
  const media = op.requestBody?.content['application/json'];
  return media?.example ?? Object.values(media?.examples ?? {})[0]?.value;
};

/** A value the parameter's schema accepts; ids name a user other than the caller. */
function sample(p: Parameter): string {
  if (p.schema.enum?.length) return String(p.schema.enum[0]);
  if (p.schema.format === 'uuid') return crypto.randomUUID();
  if (p.schema.format === 'email' || p.schema.pattern?.includes('@')) return 'probe@example.com';
  if (p.schema.type === 'integer' || p.schema.type === 'number') return String(someoneElse.id);
  return 'probe';
}

function requestOf(path: string, op: Operation) {
  let url = path;
  // A made-up ticket on every call: routes secured by a `?ticket=` (which the document lists
  // under security, not as a parameter) then refuse it with 401 instead of a 400 for its absence.
  const query: Record<string, string> = { ticket: 'probe' };
  for (const p of op.parameters ?? []) {
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(sample(p)));
    if (p.in === 'query' && p.required) query[p.name] = sample(p);
  }
  const body = exampleOf(op);
  return { url, query, ...(body === undefined ? {} : { payload: body as object }) };
}

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
  someoneElse = await createUserWithSession(t.db);
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const request = { method: method.toUpperCase() as 'GET', ...requestOf(path, op) };
      const anonymous = await t.app.inject({ ...request, remoteAddress: randomIp() });
      // A fresh user per call: sign-out or a password change must not end the next call's session.
      const caller = await createUserWithSession(t.db);
      const signedIn = isEventStream(op)
        ? undefined
        : await t.app.inject({ ...request, headers: caller.headers, remoteAddress: randomIp() });
      probes.push({ method: method.toUpperCase(), path, op, anonymous, signedIn });
    }
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const name = (p: Probe) => `${p.method} ${p.path}`;

describe('the OpenAPI document', () => {
  it('lists the API: every module registers its operations', () => {
    expect(probes.length).toBeGreaterThanOrEqual(38);
    expect(doc.components.securitySchemes).toHaveProperty('bearer');
  });

  it('gives every operation a summary and a success response with its schema', () => {
    for (const { op, ...p } of probes) {
      const where = name({ op, ...p } as Probe);
      expect(op.summary, where).toBeTruthy();
      const success = ['200', '201', '202', '204'].find((s) => op.responses[s]);
      expect(success, `${where}: no 2xx response`).toBeDefined();
      if (success !== '204') {
        const content = Object.values(op.responses[success!]!.content ?? {});
        expect(content.length, `${where}: ${success} has no content`).toBeGreaterThan(0);
        for (const media of content) expect(media.schema, `${where}: ${success} has no schema`).toBeDefined();
      }
    }
  });

  it('declares 400, 413 and 415 for every operation with a body, and gives the body an example', () => {
    const withBody = probes.filter((p) => p.op.requestBody);
    expect(withBody.length).toBeGreaterThanOrEqual(10);
    for (const p of withBody) {
      for (const status of ['400', '413', '415']) expect(p.op.responses, `${name(p)} lacks ${status}`).toHaveProperty(status);
      expect(exampleOf(p.op), `${name(p)} has no request example`).toBeDefined();
    }
  });

  it('declares 400 for every operation with parameters', () => {
    for (const p of probes.filter((x) => x.op.parameters?.length)) {
      expect(p.op.responses, `${name(p)} lacks 400`).toHaveProperty('400');
    }
  });

  it('declares security exactly on the operations that refuse an anonymous call with 401, and 401 there', () => {
    const secured = probes.filter((p) => p.anonymous.statusCode === 401);
    expect(secured.length).toBeGreaterThanOrEqual(20);
    for (const p of probes) {
      const refused = p.anonymous.statusCode === 401;
      expect(requiresToken(p.op), `${name(p)}: anonymous call answered ${p.anonymous.statusCode}, security ${JSON.stringify(p.op.security)}`).toBe(refused);
      if (requiresToken(p.op)) expect(p.op.responses, `${name(p)} lacks 401`).toHaveProperty('401');
    }
    for (const scheme of new Set(probes.flatMap((p) => (p.op.security ?? []).flatMap(Object.keys)))) {
      expect(doc.components.securitySchemes, `security scheme ${scheme}`).toHaveProperty(scheme);
    }
  });

  it('declares every status a real call answered, and {"detail"} for every error', () => {
    for (const p of probes) {
      for (const [who, res] of [['anonymous', p.anonymous], ['signed in', p.signedIn]] as const) {
        if (!res) continue;
        const where = `${name(p)} (${who}) answered ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(p.op.responses, where).toHaveProperty(String(res.statusCode));
        if (res.statusCode >= 400) expect(res.json(), where).toHaveProperty('detail');
        // The example must be a valid body: a validation error names the body's field.
        if (res.statusCode === 400 && exampleOf(p.op) !== undefined) {
          expect(String(res.json().detail), where).not.toMatch(/^body/);
        }
      }
    }
  });

  it('declares 403 where a signed-in caller can be refused (admin only, someone else’s, no licence)', () => {
    const refused = probes.filter((p) => p.signedIn?.statusCode === 403).map(name);
    expect(refused).toEqual(
      expect.arrayContaining([
        'PUT /api/users/{id}',
        'GET /api/order/user/{userId}',
        'GET /api/notification/{userId}',
        'POST /api/voucher/coupon',
        'GET /api/subscriptions/download-guidebook',
      ]),
    );
  });

  it('declares 429 on every rate-limited operation', () => {
    const limited = probes.filter((p) => p.anonymous.headers['x-ratelimit-limit'] !== undefined);
    expect(limited.length).toBeGreaterThanOrEqual(15);
    for (const p of limited) expect(p.op.responses, `${name(p)} lacks 429`).toHaveProperty('429');
  });

  it('shows the validation rules of the request schemas', () => {
    const signup = doc.paths['/api/users/signup']!.post!.requestBody!.content['application/json']!.schema as {
      properties: { user: { properties: Record<string, { pattern?: string; maxLength?: number; minLength?: number; description?: string }> } };
    };
    const { username, email, password } = signup.properties.user.properties;
    expect(password!.pattern).toBe(PASSWORD_PATTERN.source);
    expect(password!.description).toContain(String(PASSWORD_MIN_LENGTH));
    expect(password!.maxLength).toBe(128);
    expect(email!.pattern).toBeTruthy();
    expect(email!.maxLength).toBe(254);
    expect(username).toMatchObject({ minLength: 1, maxLength: 100 });
    const paging = doc.paths['/api/invoice']!.get!.parameters!.find((p) => p.name === 'page_size')!;
    expect(paging.schema).toMatchObject({ minimum: 1, maximum: 100 });
  });
});
