import sodium from 'sodium-native';
import { type TJwks, type TLeaseJwk } from '@lbs/domain/license-server';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { getOrCreateSecret } from '../../db/app-secrets';
import { generateSigningKey, parseSigningKey, publicJwkOf, type Ed25519PrivateJwk } from '../../lib/ed25519-jwk';

/** Where the embedded mode keeps the key it generated (app_secrets.name). */
export const EMBEDDED_SIGNING_KEY_NAME = 'license_signing_key';

export interface LeaseSigningKey {
  kid: string;
  /** libsodium's secret key (the 32-byte seed `d`, then the public key `x`): leases are signed with libsodium (see lease.ts). */
  secretKey: Buffer;
  publicJwk: TLeaseJwk;
}

/**
 * The key leases are signed with and the public keys the JWKS lists. LICENSE_SIGNING_KEY when
 * set; otherwise (embedded mode) a key generated once and kept in the database, so every process
 * on that database and every restart signs with the same one. Loaded on first use, not at start:
 * a request that never needs a key does not write one.
 */
export class LicenseSigningKeys {
  private loading: Promise<LeaseSigningKey> | undefined;

  constructor(
    private readonly db: DbOrTx,
    private readonly config: Pick<AppConfig, 'LICENSE_SIGNING_KEY' | 'LICENSE_PUBLIC_KEYS'>,
  ) {}

  current(): Promise<LeaseSigningKey> {
    this.loading ??= this.load().catch((err: unknown) => {
      // A database outage must not stick: the next call tries again.
      this.loading = undefined;
      throw err;
    });
    return this.loading;
  }

  /** The signing key's public half first, then LICENSE_PUBLIC_KEYS (a kid listed once). */
  async jwks(): Promise<TJwks> {
    const { publicJwk } = await this.current();
    const extra = (this.config.LICENSE_PUBLIC_KEYS ?? []).filter((k) => k.kid !== publicJwk.kid);
    return { keys: [publicJwk, ...extra] };
  }

  private async load(): Promise<LeaseSigningKey> {
    const jwk = this.config.LICENSE_SIGNING_KEY ?? (await embeddedKey(this.db));
    // Guarded memory (libsodium's sodium_malloc): kept out of swap and core dumps.
    const secretKey = sodium.sodium_malloc(sodium.crypto_sign_SECRETKEYBYTES);
    const publicKey = Buffer.alloc(sodium.crypto_sign_PUBLICKEYBYTES);
    sodium.crypto_sign_seed_keypair(publicKey, secretKey, Buffer.from(jwk.d, 'base64url'));
    // parseSigningKey derived x from d with node:crypto: the two libraries agree, or nothing verifies.
    if (publicKey.toString('base64url') !== jwk.x) throw new Error('licence signing key: the public key derived from d is not x');
    return { kid: jwk.kid, secretKey, publicJwk: publicJwkOf(jwk) };
  }
}

/** Insert-if-absent, then read: two processes starting together end up with the same key. */
async function embeddedKey(db: DbOrTx): Promise<Ed25519PrivateJwk> {
  const stored = await getOrCreateSecret(db, EMBEDDED_SIGNING_KEY_NAME, () => JSON.stringify(generateSigningKey()));
  return parseSigningKey(stored);
}
