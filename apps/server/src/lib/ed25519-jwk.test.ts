import crypto from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import { describe, expect, it } from 'vitest';
import { generateSigningKey, jwkThumbprint, parsePublicKeys, parseSigningKey } from './ed25519-jwk';

describe('Ed25519 JWK helpers', () => {
  it('compute the RFC 7638 thumbprint jose computes', async () => {
    const key = generateSigningKey();
    expect(jwkThumbprint(key.x)).toBe(await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: key.x }, 'sha256'));
    expect(key.kid).toBe(jwkThumbprint(key.x));
  });

  it('read a PEM or a JWK, and refuse other keys', () => {
    const { privateKey } = crypto.generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const jwk = privateKey.export({ format: 'jwk' }) as { x: string; d: string };
    expect(parseSigningKey(pem)).toMatchObject({ x: jwk.x, d: jwk.d });
    expect(parseSigningKey(JSON.stringify({ kty: 'OKP', crv: 'Ed25519', ...jwk, kid: 'k1' })).kid).toBe('k1');
    const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => parseSigningKey(rsa)).toThrow(/Ed25519/);
    expect(() => parseSigningKey('nonsense')).toThrow(/PEM/);
    expect(() => parseSigningKey(JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: jwk.x }))).toThrow(/private/);
  });

  it('refuse a private JWK whose x is another key’s (node:crypto alone would drop it silently)', () => {
    const mine = crypto.generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as { x: string; d: string };
    const another = crypto.generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as { x: string };
    expect(() => parseSigningKey(JSON.stringify({ kty: 'OKP', crv: 'Ed25519', d: mine.d, x: another.x }))).toThrow('has an x that is not the public key of its d');
    expect(parseSigningKey(JSON.stringify({ kty: 'OKP', crv: 'Ed25519', d: mine.d, x: mine.x })).x).toBe(mine.x);
  });

  it('list public keys only, each with its kid', () => {
    const key = generateSigningKey();
    expect(parsePublicKeys(JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: key.x, kid: 'old' }] }))).toEqual([
      { kty: 'OKP', crv: 'Ed25519', x: key.x, kid: 'old', alg: 'EdDSA', use: 'sig' },
    ]);
    expect(() => parsePublicKeys(JSON.stringify([key]))).toThrow(/private/);
    expect(() => parsePublicKeys(JSON.stringify([{ kty: 'OKP', crv: 'Ed25519', x: key.x }]))).toThrow(/kid/);
    expect(() => parsePublicKeys('[{"kty":"RSA"}]')).toThrow(/Ed25519/);
    expect(() => parsePublicKeys('not json')).toThrow(/JSON/);
  });
});
