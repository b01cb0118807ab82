import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import type { Ed25519PrivateJwk } from '../../lib/ed25519-jwk';

type Sodium = typeof import('sodium-native');

/** Signs `data` with one Ed25519 key: a detached 64-byte signature. */
export type Ed25519Sign = (data: Buffer) => Buffer;

/**
 * libsodium (sodium-native) where it has a build for this platform, else null. sodium-native ships
 * builds for glibc Linux (x64, arm64), macOS and Windows, not for musl (Alpine), 32-bit ARM or
 * FreeBSD, where loading it throws: the shop must still start there, signing with node:crypto.
 * Loaded by require at run time, not imported, so that a failure is this function's to handle.
 */
export function loadSodium(): Sodium | null {
  try {
    return createRequire(import.meta.url)('sodium-native') as Sodium;
  } catch {
    return null;
  }
}

const sodiumHere = loadSodium();

/**
 * A signing function for `jwk`: libsodium's when it loaded (30 µs a signature against node:crypto's
 * 54 on the 2-core machine; the signature was the largest single cost of a licence check), else
 * node:crypto's. Ed25519 signatures are deterministic (RFC 8032): both give the same bytes
 * (lease-test-vectors.test.ts signs with both). `sodium` is a parameter for those tests.
 */
export function ed25519Signer(jwk: Ed25519PrivateJwk, sodium: Sodium | null = sodiumHere): Ed25519Sign {
  if (!sodium) {
    const key = crypto.createPrivateKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d }, format: 'jwk' });
    // Ed25519 takes no digest: the algorithm argument is null.
    return (data) => crypto.sign(null, data, key);
  }
  // The expanded key in libsodium's guarded memory (sodium_malloc), the seed wiped once used.
  const seed = sodium.sodium_malloc(sodium.crypto_sign_SEEDBYTES);
  Buffer.from(jwk.d, 'base64url').copy(seed);
  const secretKey = sodium.sodium_malloc(sodium.crypto_sign_SECRETKEYBYTES);
  const publicKey = Buffer.alloc(sodium.crypto_sign_PUBLICKEYBYTES);
  sodium.crypto_sign_seed_keypair(publicKey, secretKey, seed);
  sodium.sodium_memzero(seed);
  // parseSigningKey worked x out from d with node:crypto: the two libraries must agree.
  if (publicKey.toString('base64url') !== jwk.x) throw new Error('licence signing key: libsodium derives another public key from d than x');
  return (data) => {
    const signature = Buffer.allocUnsafe(sodium.crypto_sign_BYTES);
    sodium.crypto_sign_detached(signature, data, secretKey);
    return signature;
  };
}
