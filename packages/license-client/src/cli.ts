import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { JSONWebKeySet } from 'jose';
import {
  LicenseClient,
  storedServerUrl,
  type DeactivateResult,
  type LicenseResult,
} from './license-client';
import { isRecord } from './server-call';
import { defaultStateDir } from './state-store';
import { UsageEventError, type UsageEventInput, type UsageFlushResult } from './usage-queue';

export const DEFAULT_SERVER = 'http://127.0.0.1:3000';

const USAGE = `Usage: lentibooth-license <command> [options]

Commands:
  activate     activate --key on this device and store its lease
  validate     ask the server; offline, fall back on the stored lease
  deactivate   release this device's seat and forget the licence here
  status       the stored lease's state, without the network
  send-usage   queue usage events (--events FILE or the event flags), then send the queue

Options:
  --server URL        licence server (default: $LENTIBOOTH_SERVER, else the server the stored
                      licence was activated with, else ${DEFAULT_SERVER})
  --key KEY           licence key (activate; validate another key)
  --device ID         device id (default: the one kept in device.json, made once per install)
  --state-dir DIR     where the lease and the queue live (default: ${defaultStateDir()})
  --issuer URL        expected lease issuer (default: the server URL)
  --jwks FILE         pinned public keys (JWKS JSON); the server's JWKS is then not used
  --json              print the result as JSON
  -h, --help          this help

activate:    --device-name NAME (default: host name); activate, validate: --app-version VERSION
send-usage:  --events FILE (a JSON array of events, or {"events": [...]}), or one event by flags:
             --kind success|error --file-type TYPE [--filename NAME] [--processing-time SECONDS]
             [--error-message TEXT] [--timestamp ISO]; --attempts N (tries per batch, default 3)

Exit status:
  0   usable / done
  1   refused by the server (REVOKED, SUSPENDED, EXPIRED, DEVICE_MISMATCH..., and deactivate's
      DEACTIVATION_LIMIT: the seat stays here, try again after "retry after")
  2   needs the server (offline, lease expired, clock set back, not activated)
  3   not yet valid: the licence starts later ("starts at"); activate or validate again then
  4   the server answered with a lease that does not verify here (UNKNOWN_KEY: signed by a key
      the JWKS or --jwks does not list; LEASE_INVALID: another issuer, device or a tampered one)
  64  bad usage
`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

const EXIT_OK = 0;
const EXIT_REFUSED = 1;
const EXIT_NEEDS_SERVER = 2;
const EXIT_NOT_YET_VALID = 3;
const EXIT_LEASE_REJECTED = 4;
const EXIT_USAGE = 64;

class CliUsageError extends Error {}

const OPTIONS = {
  server: { type: 'string' },
  key: { type: 'string' },
  device: { type: 'string' },
  'state-dir': { type: 'string' },
  issuer: { type: 'string' },
  jwks: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  'device-name': { type: 'string' },
  'app-version': { type: 'string' },
  events: { type: 'string' },
  kind: { type: 'string' },
  'file-type': { type: 'string' },
  filename: { type: 'string' },
  'processing-time': { type: 'string' },
  'error-message': { type: 'string' },
  timestamp: { type: 'string' },
  attempts: { type: 'string' },
} as const;

function exitFor(r: LicenseResult): number {
  if (r.usable) return EXIT_OK;
  if (r.status === 'denied') return EXIT_REFUSED;
  if (r.status === 'not-yet-valid') return EXIT_NOT_YET_VALID;
  if (r.status === 'lease-rejected') return EXIT_LEASE_REJECTED;
  return EXIT_NEEDS_SERVER;
}

function describe(r: LicenseResult, deviceId: string): string {
  const lines = [`status: ${r.status} (${r.code})`, r.message];
  if (r.license) {
    lines.push(
      `licence: ${r.license.id} (${r.license.type}), ${r.license.expires_at ? `expires ${r.license.expires_at}` : 'never expires'}`,
    );
  }
  if (r.startsAt) lines.push(`starts at: ${r.startsAt.toISOString()}`);
  if (r.license?.activate_by) lines.push(`activate by: ${r.license.activate_by}`);
  if (r.status === 'denied')
    lines.push(r.final ? 'for good: another key is needed' : 'the key is kept: validate again later');
  if (r.leaseExpiresAt) lines.push(`offline until: ${r.leaseExpiresAt.toISOString()}`);
  if (r.retryAfterSeconds !== null) lines.push(`retry after: ${r.retryAfterSeconds} s`);
  lines.push(`device: ${deviceId}`);
  return `${lines.join('\n')}\n`;
}

function describeFlush(r: UsageFlushResult, queued: number): string {
  const lines = [
    `usage: ${r.status}${queued ? `, ${queued} queued` : ''}, ${r.sent} sent (${r.accepted} accepted, ${r.duplicates} duplicates), ${r.remaining} waiting`,
  ];
  if (r.message) lines.push(r.code ? `${r.code}: ${r.message}` : r.message);
  for (const d of r.dropped) lines.push(`dropped ${d.count}: ${d.code} ${d.message}`);
  if (r.retryAfterSeconds !== null) lines.push(`retry after: ${r.retryAfterSeconds} s`);
  return `${lines.join('\n')}\n`;
}

async function readEventsFile(file: string): Promise<UsageEventInput[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CliUsageError(
      `cannot read events from ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const list = Array.isArray(parsed)
    ? parsed
    : isRecord(parsed) && Array.isArray(parsed.events)
      ? parsed.events
      : null;
  if (!list)
    throw new CliUsageError(`${file} must hold a JSON array of events or {"events": [...]}`);
  return list as UsageEventInput[];
}

function eventFromFlags(
  values: Record<string, string | boolean | undefined>,
): UsageEventInput | null {
  const text = (name: string) =>
    typeof values[name] === 'string' ? (values[name] as string) : undefined;
  if (!text('kind') && !text('file-type')) return null;
  const seconds = text('processing-time');
  if (seconds !== undefined && !/^\d+(\.\d+)?$/.test(seconds))
    throw new CliUsageError('--processing-time takes seconds');
  return {
    kind: text('kind') as UsageEventInput['kind'],
    file_type: text('file-type') ?? '',
    filename: text('filename'),
    processing_time: seconds === undefined ? undefined : Number(seconds),
    error_message: text('error-message'),
    timestamp: text('timestamp'),
  };
}

/** Runs one CLI command; answers the exit status. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let command: string | undefined;
  let values: Record<string, string | boolean | undefined>;
  try {
    const parsed = parseArgs({
      args: argv,
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
    });
    values = parsed.values;
    if (parsed.positionals.length > 1)
      throw new CliUsageError(`one command at a time (got ${parsed.positionals.join(' ')})`);
    command = parsed.positionals[0];
  } catch (error) {
    io.stderr(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  if (values.help || !command) {
    (values.help ? io.stdout : io.stderr)(USAGE);
    return values.help ? EXIT_OK : EXIT_USAGE;
  }
  const json = values.json === true;
  const text = (name: string) =>
    typeof values[name] === 'string' ? (values[name] as string) : undefined;
  const print = (value: unknown, human: string) =>
    io.stdout(json ? `${JSON.stringify(value, null, 2)}\n` : human);

  try {
    let pinnedJwks: JSONWebKeySet | undefined;
    const jwksFile = text('jwks');
    if (jwksFile) {
      try {
        pinnedJwks = JSON.parse(await readFile(jwksFile, 'utf8')) as JSONWebKeySet;
      } catch (error) {
        throw new CliUsageError(
          `cannot read --jwks ${jwksFile}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    const stateDir = text('state-dir') ?? defaultStateDir(io.env);
    // The server the stored licence was activated with: its lease names it as issuer and its keys
    // are cached for it, so `status` and the rest check against it unless told otherwise.
    const serverUrl =
      text('server') ??
      io.env.LENTIBOOTH_SERVER ??
      (await storedServerUrl(stateDir)) ??
      DEFAULT_SERVER;
    let client: LicenseClient;
    try {
      client = new LicenseClient({
        serverUrl,
        stateDir,
        deviceId: text('device'),
        issuer: text('issuer') ?? io.env.LENTIBOOTH_ISSUER,
        appVersion: text('app-version'),
        pinnedJwks,
      });
    } catch (error) {
      throw new CliUsageError(error instanceof Error ? error.message : String(error));
    }

    switch (command) {
      case 'activate': {
        const key = text('key') ?? io.env.LENTIBOOTH_LICENSE_KEY;
        if (!key) throw new CliUsageError('activate needs --key');
        const r = await client.activate(key, {
          deviceName: text('device-name') ?? os.hostname(),
        });
        const deviceId = await client.deviceId();
        print({ ...r, device_id: deviceId }, describe(r, deviceId));
        return exitFor(r);
      }
      case 'validate': {
        const r = await client.validate({ licenseKey: text('key') });
        const deviceId = await client.deviceId();
        print({ ...r, device_id: deviceId }, describe(r, deviceId));
        return exitFor(r);
      }
      case 'status': {
        const r = await client.status();
        const deviceId = await client.deviceId();
        const queued = await client.usage.size();
        print(
          { ...r, device_id: deviceId, usage_queued: queued },
          `${describe(r, deviceId)}usage queued: ${queued}\n`,
        );
        return exitFor(r);
      }
      case 'deactivate': {
        const r: DeactivateResult = await client.deactivate();
        print(
          r,
          `${r.status} (${r.code})\n${r.message}\n${r.retryAfterSeconds !== null ? `retry after: ${r.retryAfterSeconds} s\n` : ''}`,
        );
        return r.status === 'deactivated'
          ? EXIT_OK
          : r.status === 'refused' || r.status === 'limit-reached'
            ? EXIT_REFUSED
            : EXIT_NEEDS_SERVER;
      }
      case 'send-usage': {
        const fromFile = text('events') ? await readEventsFile(text('events') as string) : [];
        const fromFlags = eventFromFlags(values);
        const attempts = text('attempts');
        if (attempts !== undefined && !/^[1-9]\d*$/.test(attempts))
          throw new CliUsageError('--attempts takes a positive number');
        const queued = await client.recordUsage(fromFlags ? [...fromFile, fromFlags] : fromFile);
        const r = await client.flushUsage({ attempts: attempts ? Number(attempts) : undefined });
        print({ ...r, queued: queued.length }, describeFlush(r, queued.length));
        // A report the server refused as a whole is its word, not an outage: rc 1 with its code.
        if (r.status === 'refused') return EXIT_REFUSED;
        return r.status === 'sent'
          ? r.dropped.length
            ? EXIT_REFUSED
            : EXIT_OK
          : EXIT_NEEDS_SERVER;
      }
      default:
        throw new CliUsageError(`unknown command: ${command}`);
    }
  } catch (error) {
    if (error instanceof CliUsageError || error instanceof UsageEventError) {
      io.stderr(`${error.message}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

/** Run as a program (through bin/lentibooth-license.mjs or `npx tsx src/cli.ts`). */
export async function main(): Promise<void> {
  try {
    process.exitCode = await runCli(process.argv.slice(2), {
      stdout: (t) => process.stdout.write(t),
      stderr: (t) => process.stderr.write(t),
      env: process.env,
    });
  } catch (error) {
    process.stderr.write(
      `lentibooth-license: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 70;
  }
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) await main();
