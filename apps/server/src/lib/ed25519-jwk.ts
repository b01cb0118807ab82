import crypto from 'node:crypto';
import type { TLeaseJwk } from '@lbs/domain/license-server';

/** An Ed25519 private key as a JWK (RFC 8037), with the id leases name it by. */
export interface Ed25519PrivateJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  d: string;
  kid: string;
}

/** RFC 7638 thumbprint of an Ed25519 public key: the default key id. */
export function jwkThumbprint(x: string): string {
  // The required members in lexicographic order, no whitespace (RFC 7638 §3.2).
  const canonical = JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x });
  return crypto.createHash('sha256').update(canonical).digest('base64url');
}

function fromKeyObject(key: crypto.KeyObject, kid?: unknown): Ed25519PrivateJwk {
  if (key.type !== 'private' || key.asymmetricKeyType !== 'ed25519') throw new Error('must be an Ed25519 private key');
  const jwk = key.export({ format: 'jwk' }) as { x: string; d: string };
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d, kid: typeof kid === 'string' && kid.trim() ? kid.trim() : jwkThumbprint(jwk.x) };
}

/**
 * LICENSE_SIGNING_KEY as given: a PKCS#8 PEM (newlines may be written as `\n`, as environment
 * files often do) or a private JWK in JSON, whose `kid` is kept. Throws saying what is wrong.
 */
export function parseSigningKey(text: string): Ed25519PrivateJwk {
  const value = text.trim();
  if (value.startsWith('{')) {
    let jwk: Record<string, unknown>;
    try {
      jwk = JSON.parse(value) as Record<string, unknown>;
    } catch {
      throw new Error('is neither a PEM nor valid JSON');
    }
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.d !== 'string') throw new Error('must be an Ed25519 private JWK (kty OKP, crv Ed25519, d)');
    let key: crypto.KeyObject;
    try {
      key = crypto.createPrivateKey({ key: jwk as crypto.JsonWebKey, format: 'jwk' });
    } catch {
      throw new Error('is not a usable Ed25519 private JWK');
    }
    const parsed = fromKeyObject(key, jwk.kid);
    // node:crypto reads d alone: an x pasted from another key would be dropped without a word, and
    // the JWKS would publish a key nobody meant. Refused, so the mistake shows at start.
    if (jwk.x !== parsed.x) throw new Error('has an x that is not the public key of its d');
    return parsed;
  }
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey(value.replace(/\\n/g, '\n'));
  } catch {
    throw new Error('is not a PKCS#8 PEM private key or a private JWK');
  }
  return fromKeyObject(key);
}

/** A fresh key for the embedded mode. */
export function generateSigningKey(): Ed25519PrivateJwk {
  return fromKeyObject(crypto.generateKeyPairSync('ed25519').privateKey);
}

/** The public half, as the JWKS lists it. */
export function publicJwkOf(key: { x: string; kid: string }): TLeaseJwk {
  return { kty: 'OKP', crv: 'Ed25519', x: key.x, kid: key.kid, alg: 'EdDSA', use: 'sig' };
}

/**
 * LICENSE_PUBLIC_KEYS: further public keys to list (a retired signing key whose leases are still
 * in use), as a JSON array of JWKs or a JWKS `{keys: [...]}`. Each needs its `kid`; a private
 * member (`d`) is refused, so a private key is never published by mistake.
 */
export function parsePublicKeys(text: string): TLeaseJwk[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('must be JSON: an array of public JWKs or {"keys": [...]}');
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(list)) throw new Error('must be an array of public JWKs or {"keys": [...]}');
  return list.map((item: unknown, i) => {
    const jwk = (item ?? {}) as Record<string, unknown>;
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new Error(`key ${i}: must be an Ed25519 JWK (kty OKP, crv Ed25519, x)`);
    if ('d' in jwk) throw new Error(`key ${i}: is a private key; list public keys only`);
    if (typeof jwk.kid !== 'string' || !jwk.kid.trim()) throw new Error(`key ${i}: needs its kid`);
    try {
      crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
    } catch {
      throw new Error(`key ${i}: x is not an Ed25519 public key`);
    }
    return publicJwkOf({ x: jwk.x, kid: jwk.kid.trim() });
  });
}
