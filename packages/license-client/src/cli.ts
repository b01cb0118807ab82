import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { JSONWebKeySet } from 'jose';
import QRCode from 'qrcode';
import {
  LicenseClient,
  paymentDueWarning,
  pendingRequestServerUrl,
  replacedLicenseWarning,
  storedServerUrl,
  type DeactivateResult,
  type LicenseResult,
  type OfflineActivationRequest,
} from './license-client';
import { isRecord } from './server-call';
import { defaultStateDir, StateStore } from './state-store';
import { ed25519Keys } from './verify-lease';
import { UsageEventError, type UsageEventInput, type UsageFlushResult } from './usage-queue';

export const DEFAULT_SERVER = 'http://127.0.0.1:3000';
/** The public keys --jwks pinned, kept in the state folder for the runs without it. */
const PINNED_JWKS_FILE = 'pinned-jwks.json';

const USAGE = `Usage: lentibooth-license <command> [options]

Commands:
  activate     activate --key on this device and store its lease
  validate     ask the server; offline, fall back on the stored lease
  deactivate   release this device's seat and forget the licence here
  status       the stored lease's state, without the network
  send-usage   queue usage events (--events FILE or the event flags), then send the queue
  offline-request  make an offline activation request for --key (no network): prints its text
               and QR code; the key's owner submits it in the account area ("Activate a booth
               offline") and gets the answer
  offline-accept   read that answer (--answer TEXT, --answer-file FILE or --answer - for stdin)
               and store its lease; checked with the keys held here only (--jwks, or the JWKS
               cached by an earlier online call)

Options:
  --server URL        licence server (default: $LENTIBOOTH_SERVER, else for offline-accept the
                      server the pending request was made for, else the server the stored
                      licence was activated with, else ${DEFAULT_SERVER})
  --key KEY           licence key (activate, offline-request; validate another key)
  --device ID         device id (default: the one kept in device.json, made once per install)
  --state-dir DIR     where the lease and the queue live (default: ${defaultStateDir()})
  --issuer URL        expected lease issuer (default: the server URL)
  --jwks FILE         pinned public keys (JWKS JSON); the server's JWKS is then not used; kept
                      in the state folder (pinned-jwks.json) for later runs without --jwks
  --forget-jwks       drop the keys a --jwks kept; the server's JWKS is used again
  --json              print the result as JSON
  -h, --help          this help

activate:    --device-name NAME (default: host name); activate, validate: --app-version VERSION
offline-request: --device-name NAME (default: host name) [--app-version V]
             [--qr-file FILE.png|FILE.svg] (the QR code as an image too); the server (--server
             etc.) is the one the answer must come from, kept with the request for offline-accept;
             warns when this booth holds another key's licence (--json: replaces_license), which
             the answer replaces here while that key's seat stays bound on the server
send-usage:  --events FILE (a JSON array of events, or {"events": [...]}), or one event by flags:
             --kind success|error --file-type TYPE [--filename NAME] [--processing-time SECONDS]
             [--error-message TEXT] [--timestamp ISO]; --attempts N (tries per batch, default 3)

Payment due: while a licence's automatic renewal is unpaid it stays usable until the end of
its grace; activate, validate, status and offline-accept then print "Payment due: ..." with
that date and where to pay (--json: paymentDue), and still exit 0.

Exit status:
  0   usable / done (also while payment is due)
  1   refused by the server (REVOKED, SUSPENDED, EXPIRED, DEVICE_MISMATCH..., and deactivate's
      DEACTIVATION_LIMIT: the seat stays here, try again after "retry after")
  2   needs the server (offline, lease expired, clock set back, not activated)
  3   not yet valid: the licence starts later ("starts at"); activate or validate again then
  4   the server answered with a lease that does not verify here (UNKNOWN_KEY: signed by a key
      the JWKS or --jwks does not list; LEASE_INVALID: another issuer, device or a tampered one);
      offline-accept: the answer does not verify (forged, another server, another device)
  5   offline-accept: the text is not an answer to this booth's pending request; nothing was
      stored (NO_PENDING_REQUEST: none pending, or this answer was already used;
      OFFLINE_REQUEST_EXPIRED: the request expired; OFFLINE_ANSWER_MISMATCH: the answer to
      another request; NOT_AN_ANSWER: not an answer at all; OFFLINE_ANSWER_EXPIRED: the answer's
      lease or the licence has already ended)
  64  bad usage
`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** All of standard input (offline-accept --answer -). */
  stdin?: () => Promise<string>;
  /** Standard output is a terminal: the QR code is drawn in black on white (ANSI colours). */
  stdoutIsTty?: boolean;
}

const EXIT_OK = 0;
const EXIT_REFUSED = 1;
const EXIT_NEEDS_SERVER = 2;
const EXIT_NOT_YET_VALID = 3;
const EXIT_LEASE_REJECTED = 4;
const EXIT_ANSWER_REFUSED = 5;
const EXIT_USAGE = 64;

class CliUsageError extends Error {}

const OPTIONS = {
  server: { type: 'string' },
  key: { type: 'string' },
  device: { type: 'string' },
  'state-dir': { type: 'string' },
  issuer: { type: 'string' },
  jwks: { type: 'string' },
  'forget-jwks': { type: 'boolean', default: false },
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
  'qr-file': { type: 'string' },
  answer: { type: 'string' },
  'answer-file': { type: 'string' },
} as const;

function exitFor(r: LicenseResult): number {
  if (r.usable) return EXIT_OK;
  if (r.status === 'denied') return EXIT_REFUSED;
  if (r.status === 'not-yet-valid') return EXIT_NOT_YET_VALID;
  if (r.status === 'lease-rejected') return EXIT_LEASE_REJECTED;
  if (r.status === 'answer-refused') return EXIT_ANSWER_REFUSED;
  return EXIT_NEEDS_SERVER;
}

function describe(r: LicenseResult, deviceId: string): string {
  const lines = [`status: ${r.status} (${r.code})`, r.message];
  // A warning, not a refusal: the booth works until then (exit status 0).
  if (r.paymentDue) lines.push(paymentDueWarning(r.paymentDue));
  if (r.license) {
    lines.push(
      `licence: ${r.license.id} (${r.license.type}), ${r.license.expires_at ? `expires ${r.license.expires_at}` : 'never expires'}`,
    );
  }
  if (r.startsAt) lines.push(`starts at: ${r.startsAt.toISOString()}`);
  if (r.license?.activate_by) lines.push(`activate by: ${r.license.activate_by}`);
  if (r.status === 'denied')
    lines.push(
      r.final
        ? 'for good: another key is needed'
        : r.code === 'DEVICE_LIMIT_REACHED'
          ? 'the key is kept: free its seat (deactivate it on the other PC, or reset its device in the account), then activate again'
          : 'the key is kept: validate again later',
    );
  // Read after the end (inside the clock tolerance): it ended, not "usable until" a past time.
  if (r.endedAt) lines.push(`ended: ${r.endedAt.toISOString()}`);
  else if (r.leaseExpiresAt) lines.push(`offline until: ${r.leaseExpiresAt.toISOString()}`);
  if (r.retryAfterSeconds !== null) lines.push(`retry after: ${r.retryAfterSeconds} s`);
  lines.push(`device: ${deviceId}`);
  return `${lines.join('\n')}\n`;
}

/** Dropped events named one a line by send-usage; the rest are counted. */
const DROPPED_SHOWN = 20;

function describeFlush(r: UsageFlushResult, queued: number): string {
  const lines = [
    `usage: ${r.status}${queued ? `, ${queued} queued` : ''}, ${r.sent} sent (${r.accepted} accepted, ${r.duplicates} duplicates), ${r.remaining} waiting`,
  ];
  if (r.message) lines.push(r.code ? `${r.code}: ${r.message}` : r.message);
  for (const d of r.dropped) {
    lines.push(`dropped ${d.count}: ${d.code} ${d.message}`);
    // Which events, and when they happened (all of them are in usage-dropped.log).
    const shown = d.events?.slice(0, DROPPED_SHOWN) ?? [];
    for (const e of shown) lines.push(`  ${e.event_id} at ${e.timestamp}`);
    if (d.events && d.events.length > shown.length)
      lines.push(`  and ${d.events.length - shown.length} more (usage-dropped.log)`);
  }
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

/**
 * The request's QR code: byte mode (the text is ASCII), error correction M, a quiet zone of 4
 * modules, as the account area's scanner and docs/license-api.md expect; two modules a line in
 * block characters, dark modules drawn in the text colour. In a terminal each line is set to black
 * on white, so the code is dark on light whatever the terminal's colours (a light-on-dark code is
 * not read by every phone); qrcode's own 'terminal' renderer would leave only 1 module of quiet zone.
 */
async function requestQr(text: string, tty: boolean): Promise<string> {
  const art = await QRCode.toString([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], {
    type: 'utf8',
    errorCorrectionLevel: 'M',
    margin: 4,
  });
  if (!tty) return art;
  return art
    .split('\n')
    .map((line) => `\u001b[47m\u001b[30m${line}\u001b[0m`)
    .join('\n');
}

async function writeRequestQr(file: string, text: string): Promise<void> {
  const type = file.toLowerCase().endsWith('.svg') ? 'svg' : 'png';
  await QRCode.toFile(file, [{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], { type, errorCorrectionLevel: 'M', margin: 4 });
}

function describeRequest(r: OfflineActivationRequest, qr: string, qrFile: string | null): string {
  return [
    ...(r.replacesLicense ? [`warning: ${replacedLicenseWarning(r.replacesLicense)}`, ''] : []),
    'Offline activation request: show it to the key\'s owner, who submits it in the account area',
    '("Activate a booth offline") by scanning the QR code or pasting the text, then run',
    'offline-accept with the answer before the request expires.',
    '',
    qr.trimEnd(),
    '',
    r.text,
    '',
    `expires: ${r.expiresAt.toISOString()}`,
    `device: ${r.deviceId}${r.deviceName ? ` (${r.deviceName})` : ''}`,
    `server: ${r.server}`,
    ...(qrFile ? [`qr code: ${qrFile}`] : []),
    '',
  ].join('\n');
}

async function readAnswer(
  values: Record<string, string | boolean | undefined>,
  io: CliIo,
): Promise<string> {
  const answer = typeof values.answer === 'string' ? values.answer : undefined;
  const file = typeof values['answer-file'] === 'string' ? values['answer-file'] : undefined;
  if ((answer === undefined) === (file === undefined))
    throw new CliUsageError('offline-accept needs one of --answer TEXT, --answer-file FILE, --answer -');
  if (file !== undefined) {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      throw new CliUsageError(
        `cannot read --answer-file ${file}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  if (answer === '-') {
    if (!io.stdin) throw new CliUsageError('no standard input to read the answer from');
    return io.stdin();
  }
  return answer as string;
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
    if (jwksFile && values['forget-jwks'] === true)
      throw new CliUsageError('--jwks and --forget-jwks: one or the other');
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
    // --jwks given once is remembered (pinned-jwks.json), so a booth never online keeps its keys
    // when the file is gone; --forget-jwks drops them (the server's JWKS is used again).
    const state = new StateStore(stateDir);
    if (values['forget-jwks'] === true) await state.remove(PINNED_JWKS_FILE);
    else if (!pinnedJwks) {
      const remembered = await state.readJson(PINNED_JWKS_FILE);
      if (isRecord(remembered) && Array.isArray(remembered.keys))
        pinnedJwks = { keys: remembered.keys as JSONWebKeySet['keys'] };
    }
    // The server the stored licence was activated with: its lease names it as issuer and its keys
    // are cached for it, so `status` and the rest check against it unless told otherwise.
    // offline-accept: the server the pending request was made for, whose lease it waits for.
    const serverUrl =
      text('server') ??
      io.env.LENTIBOOTH_SERVER ??
      (command === 'offline-accept' ? await pendingRequestServerUrl(stateDir) : null) ??
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
    // Only once the client took them: a file with no usable key is refused above, not kept.
    if (jwksFile && pinnedJwks)
      await state.writeJson(PINNED_JWKS_FILE, {
        version: 1,
        source: jwksFile,
        saved_at: new Date().toISOString(),
        keys: ed25519Keys(pinnedJwks).keys,
      });

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
      case 'offline-request': {
        const key = text('key') ?? io.env.LENTIBOOTH_LICENSE_KEY;
        if (!key) throw new CliUsageError('offline-request needs --key');
        const qrFile = text('qr-file') ?? null;
        if (qrFile !== null && !/\.(png|svg)$/i.test(qrFile))
          throw new CliUsageError('--qr-file must name a .png or .svg file');
        let r: OfflineActivationRequest;
        try {
          r = await client.createOfflineRequest(key, {
            deviceName: text('device-name') ?? os.hostname().slice(0, 100),
          });
        } catch (error) {
          if (error instanceof TypeError) throw new CliUsageError(error.message);
          throw error;
        }
        if (qrFile !== null) await writeRequestQr(qrFile, r.text);
        print(
          {
            text: r.text,
            nonce: r.nonce,
            key_fingerprint: r.keyFingerprint,
            device_id: r.deviceId,
            device_name: r.deviceName,
            app_version: r.appVersion,
            server: r.server,
            issued_at: r.issuedAt.toISOString(),
            expires_at: r.expiresAt.toISOString(),
            qr_file: qrFile,
            // Another key's licence stored here, which accepting the answer replaces.
            replaces_license: r.replacesLicense
              ? {
                  key_last_group: r.replacesLicense.keyLastGroup,
                  license_id: r.replacesLicense.id,
                  type: r.replacesLicense.type,
                  warning: replacedLicenseWarning(r.replacesLicense),
                }
              : null,
          },
          json ? '' : describeRequest(r, await requestQr(r.text, io.stdoutIsTty === true), qrFile),
        );
        return EXIT_OK;
      }
      case 'offline-accept': {
        const answer = await readAnswer(values, io);
        const r = await client.acceptOfflineAnswer(answer);
        const deviceId = await client.deviceId();
        print({ ...r, device_id: deviceId }, describe(r, deviceId));
        return exitFor(r);
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
      stdin: async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks).toString('utf8');
      },
      stdoutIsTty: process.stdout.isTTY === true,
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
