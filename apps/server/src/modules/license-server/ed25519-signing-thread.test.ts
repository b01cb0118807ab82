import crypto from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { generateSigningKey } from '../../lib/ed25519-jwk';
import { Ed25519SigningThread } from './ed25519-signing-thread';

describe('the lease signing thread', () => {
  const jwk = generateSigningKey();
  const input = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJsaWNlbmNlIn0';
  const publicKey = crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  const verifies = (data: string, signature: string) => crypto.verify(null, Buffer.from(data), publicKey, Buffer.from(signature, 'base64url'));
  // The signer's own state, read by the tests that check how many messages and threads it used.
  type Inside = { thread?: { worker: Worker; sent: Map<number, unknown> }; nextId: number };
  const inside = (signer: Ed25519SigningThread) => signer as unknown as Inside;
  const threads: Ed25519SigningThread[] = [];
  const thread = (...args: ConstructorParameters<typeof Ed25519SigningThread>) => {
    const made = new Ed25519SigningThread(...args);
    threads.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(threads.splice(0).map((t) => t.close()));
  });

  it('signs with libsodium on this machine (glibc Linux x64 has its build)', async () => {
    expect(await thread(jwk).library()).toBe('libsodium');
  });

  it('makes the same bytes with libsodium and with node:crypto (the fallback where libsodium has no build), and they verify', async () => {
    const byNode = thread(jwk, null);
    expect(await byNode.library()).toBe('node:crypto');
    const bySodium = await thread(jwk).sign(input);
    expect(await byNode.sign(input)).toBe(bySodium);
    expect(Buffer.from(bySodium, 'base64url')).toHaveLength(64);
    expect(verifies(input, bySodium)).toBe(true);
    expect(verifies(`${input}x`, bySodium)).toBe(false);
  });

  it('answers each of many signatures asked for at once with its own, in one message to the thread', async () => {
    const signer = thread(jwk);
    const inputs = Array.from({ length: 300 }, (_, i) => `${input}.${i}`);
    const signatures = await Promise.all(inputs.map((data) => signer.sign(data)));
    expect(new Set(signatures).size).toBe(inputs.length);
    inputs.forEach((data, i) => expect(verifies(data, signatures[i]!)).toBe(true));
    expect(inside(signer).nextId).toBe(1);
  });

  it('refuses a key whose x libsodium does not derive from its d, and signs nothing with it', async () => {
    const wrong = thread({ ...jwk, x: generateSigningKey().x });
    await expect(wrong.library()).rejects.toThrow('libsodium derives another public key from d than x');
    // Refused without starting another thread, which would fail the same way (a thread that
    // starts is there at once, and takes milliseconds to fail).
    const again = expect(wrong.sign(input)).rejects.toThrow('libsodium derives another public key from d than x');
    await new Promise((resolve) => setImmediate(resolve));
    expect(inside(wrong).thread).toBeUndefined();
    await again;
  });

  it('hands what it held to a new thread when its thread stops, and signs on there', async () => {
    const signer = thread(jwk);
    await signer.library();
    // The thread stopping on its own (it should not) is simulated by ending it from outside while
    // it holds a batch, its answers no longer read: the batch is certainly lost with it.
    const first = inside(signer).thread!;
    const held = signer.sign(input);
    await new Promise((resolve) => setImmediate(resolve));
    expect(first.sent.size).toBe(1);
    first.worker.removeAllListeners('message');
    await first.worker.terminate();
    expect(verifies(input, await held)).toBe(true);
    expect(inside(signer).thread?.worker).not.toBe(first.worker);
    expect(verifies(`${input}2`, await signer.sign(`${input}2`))).toBe(true);
  });

  it('refuses what it held when closed', async () => {
    const signer = thread(jwk);
    await signer.library();
    // The expectation is attached before the refusal can happen (an unheld rejection fails the run).
    const refused = expect(signer.sign(input)).rejects.toThrow('the lease signing thread stopped');
    await new Promise((resolve) => setImmediate(resolve));
    expect(inside(signer).thread!.sent.size).toBe(1);
    await signer.close();
    await refused;
  });

  it('refuses to sign once closed', async () => {
    const signer = thread(jwk);
    expect(verifies(input, await signer.sign(input))).toBe(true);
    await signer.close();
    await expect(signer.sign(input)).rejects.toThrow('the lease signing thread is closed');
  });
});
