import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Ed25519PrivateJwk } from '../../lib/ed25519-jwk';

/** Which library signs in the thread: libsodium where it has a build for this platform. */
export type Ed25519Library = 'libsodium' | 'node:crypto';

/**
 * The signing thread's code (plain JavaScript: a worker started from a string, as the shutdown
 * watchdog is, so that the compiled server and the tests start it alike). workerData: the key and
 * sodium-native's resolved path (null: node:crypto). It posts {ready: library} once the key is
 * loaded, then answers each {id, inputs} with {id, signatures} (base64url) or {id, error}.
 *
 * libsodium is sodium-native, which ships builds for glibc Linux (x64, arm64), macOS and Windows,
 * not for musl (Alpine), 32-bit ARM or FreeBSD, where loading it throws: the shop must still start
 * there, so the thread signs with node:crypto instead. Ed25519 signatures are deterministic
 * (RFC 8032): both give the same bytes. The expanded key is in libsodium's guarded memory
 * (sodium_malloc), its seed buffer wiped once used, and the thread drops its copy of the JWK's d
 * (a string: the main thread's configuration holds it as before). parseSigningKey worked x out
 * from d with node:crypto, and the two libraries must agree.
 */
const THREAD_SOURCE = `
'use strict';
const crypto = require('node:crypto');
const { parentPort, workerData } = require('node:worker_threads');
const { jwk, sodiumPath } = workerData;

function libsodiumSigner() {
  let sodium;
  try {
    sodium = require(sodiumPath);
  } catch {
    return null;
  }
  const seed = sodium.sodium_malloc(sodium.crypto_sign_SEEDBYTES);
  Buffer.from(jwk.d, 'base64url').copy(seed);
  const secretKey = sodium.sodium_malloc(sodium.crypto_sign_SECRETKEYBYTES);
  const publicKey = Buffer.alloc(sodium.crypto_sign_PUBLICKEYBYTES);
  sodium.crypto_sign_seed_keypair(publicKey, secretKey, seed);
  sodium.sodium_memzero(seed);
  if (publicKey.toString('base64url') !== jwk.x) throw new Error('licence signing key: libsodium derives another public key from d than x');
  const signature = Buffer.alloc(sodium.crypto_sign_BYTES);
  return {
    library: 'libsodium',
    sign: (input) => {
      sodium.crypto_sign_detached(signature, Buffer.from(input), secretKey);
      return signature.toString('base64url');
    },
  };
}

function nodeCryptoSigner() {
  const key = crypto.createPrivateKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d }, format: 'jwk' });
  // Ed25519 takes no digest: the algorithm argument is null.
  return { library: 'node:crypto', sign: (input) => crypto.sign(null, Buffer.from(input), key).toString('base64url') };
}

const signer = (sodiumPath && libsodiumSigner()) || nodeCryptoSigner();
delete jwk.d;
parentPort.on('message', ({ id, inputs }) => {
  try {
    parentPort.postMessage({ id, signatures: inputs.map(signer.sign) });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
parentPort.postMessage({ ready: signer.library });
`;

/** sodium-native's entry file as this module resolves it, or null when it is not installed. */
function sodiumPathHere(): string | null {
  try {
    return createRequire(import.meta.url).resolve('sodium-native');
  } catch {
    return null;
  }
}

interface Waiting {
  input: string;
  resolve: (signature: string) => void;
  reject: (err: Error) => void;
  /** Already held by a thread that stopped: not handed to another a second time. */
  retried?: boolean;
}

/**
 * One thread: its worker, set at once; `started`, which settles when it has loaded the key; and
 * then the library it signs with (set: the thread has started).
 */
interface Thread {
  worker: Worker;
  started: Promise<Thread>;
  library?: Ed25519Library;
  /** Batches posted and not answered yet, by id. */
  sent: Map<number, Waiting[]>;
}

type ThreadMessage = { ready: Ed25519Library } | { id: number; signatures: string[] } | { id: number; error: string };

/**
 * Signs with one Ed25519 key on a thread of its own. A lease is signed on every valid licence check,
 * and the signature was the largest single cost of a check on the main thread (figures: decision
 * 0017 and the README's Figures table). Here the main thread only queues the input: the
 * inputs queued while the event loop handles one round of I/O go to the thread as one message
 * (setImmediate), so under load one message carries many signatures, and the thread signs beside
 * the event loop on another core.
 *
 * The thread starts on the first signature. If it ever stops after starting (it should not), what it
 * held goes to a new one, once. If it cannot start (the key does not load in it), every signature
 * from then on is refused with that error: another would fail the same way. close() ends it, and
 * refuses what it held.
 */
export class Ed25519SigningThread {
  private thread: Thread | undefined;
  private startError: Error | undefined;
  private queued: Waiting[] = [];
  private nextId = 0;
  private closed = false;

  /** `sodiumPath` null signs with node:crypto (the tests' way to try the fallback). */
  constructor(
    private readonly jwk: Ed25519PrivateJwk,
    private readonly sodiumPath: string | null = sodiumPathHere(),
  ) {}

  /** The base64url Ed25519 signature of `input`'s UTF-8 bytes. */
  sign(input: string): Promise<string> {
    return new Promise((resolve, reject) => this.enqueue({ input, resolve, reject }));
  }

  /** Starts the thread if it is not running: which library signs there; rejects when the key does not load. */
  async library(): Promise<Ed25519Library> {
    return (await this.start()).library!;
  }

  /** Ends the thread; what it held and what is queued are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const thread = this.thread;
    this.thread = undefined;
    if (!thread) return;
    // No answer is read from here on, so what the thread held is refused (by its exit), never
    // answered: the same outcome however far it had got.
    thread.worker.removeAllListeners('message');
    await thread.worker.terminate();
  }

  private enqueue(waiting: Waiting): void {
    if (this.queued.length === 0) setImmediate(() => this.post());
    this.queued.push(waiting);
  }

  private post(): void {
    const batch = this.queued;
    this.queued = [];
    this.start().then(
      ({ worker, sent }) => {
        const id = this.nextId++;
        // Kept alive while it holds work: a process with nothing else to do (a script) still
        // gets its signatures. Idle, the thread never keeps the process alive.
        if (sent.size === 0) worker.ref();
        sent.set(id, batch);
        worker.postMessage({ id, inputs: batch.map((w) => w.input) });
      },
      (err: Error) => {
        for (const w of batch) w.reject(err);
      },
    );
  }

  private start(): Promise<Thread> {
    if (this.closed) return Promise.reject(new Error('the lease signing thread is closed'));
    if (this.startError) return Promise.reject(this.startError);
    if (this.thread) return this.thread.started;
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { jwk: this.jwk, sodiumPath: this.sodiumPath },
    });
    worker.unref();
    let started!: (t: Thread) => void;
    let failed!: (err: Error) => void;
    const thread: Thread = { worker, sent: new Map(), started: new Promise<Thread>((resolve, reject) => ((started = resolve), (failed = reject))) };
    this.thread = thread;

    const lost = (err: Error) => {
      // A thread started after this one is not this one's to forget.
      if (this.thread === thread) this.thread = undefined;
      const ready = thread.library !== undefined;
      if (!ready) {
        this.startError ??= err;
        failed(err);
      }
      // What a thread that had started held goes once to the next (unless closed).
      const held = [...thread.sent.values()].flat();
      thread.sent.clear();
      for (const w of held) {
        if (ready && !w.retried && !this.closed) this.enqueue({ ...w, retried: true });
        else w.reject(err);
      }
    };
    worker.on('message', (message: ThreadMessage) => {
      if ('ready' in message) {
        thread.library = message.ready;
        started(thread);
        return;
      }
      const batch = thread.sent.get(message.id) ?? [];
      thread.sent.delete(message.id);
      if (thread.sent.size === 0) worker.unref();
      if ('error' in message) for (const w of batch) w.reject(new Error(`lease signing failed: ${message.error}`));
      else batch.forEach((w, i) => w.resolve(message.signatures[i]!));
    });
    worker.on('messageerror', (err) => {
      lost(err);
      void worker.terminate();
    });
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the lease signing thread stopped (exit code ${code})`)));
    return thread.started;
  }
}
