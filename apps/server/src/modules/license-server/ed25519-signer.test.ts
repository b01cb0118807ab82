import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSigningKey } from '../../lib/ed25519-jwk';
import { ed25519Signer, loadSodium } from './ed25519-signer';

describe('the lease signer', () => {
  const jwk = generateSigningKey();
  const data = Buffer.from('eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJsaWNlbmNlIn0');
  const publicKey = crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });

  it('is libsodium on this machine (glibc Linux x64 has its build)', () => {
    expect(loadSodium()).not.toBeNull();
  });

  it('makes the same bytes with libsodium and with node:crypto (the fallback where libsodium has no build), and they verify', () => {
    const bySodium = ed25519Signer(jwk)(data);
    const byNode = ed25519Signer(jwk, null)(data);
    expect(bySodium.equals(byNode)).toBe(true);
    expect(bySodium).toHaveLength(64);
    expect(crypto.verify(null, data, publicKey, bySodium)).toBe(true);
    expect(crypto.verify(null, Buffer.concat([data, Buffer.from('x')]), publicKey, bySodium)).toBe(false);
  });

  it('refuses a key whose x libsodium does not derive from its d', () => {
    const another = generateSigningKey();
    expect(() => ed25519Signer({ ...jwk, x: another.x })).toThrow('libsodium derives another public key from d than x');
  });
});
