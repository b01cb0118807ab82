import { type TJwks, type TLeaseJwk } from '@lbs/domain/license-server';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { getOrCreateSecret } from '../../db/app-secrets';
import { generateSigningKey, parseSigningKey, publicJwkOf, type Ed25519PrivateJwk } from '../../lib/ed25519-jwk';
import { Ed25519SigningThread } from './ed25519-signing-thread';

/** Where the embedded mode keeps the key it generated (app_secrets.name). */
export const EMBEDDED_SIGNING_KEY_NAME = 'license_signing_key';

export interface LeaseSigningKey {
  kid: string;
  /** Signs with this key on a thread of its own (ed25519-signing-thread.ts). */
  signer: Ed25519SigningThread;
  publicJwk: TLeaseJwk;
}

/**
 * The key leases are signed with and the public keys the JWKS lists. LICENSE_SIGNING_KEY when
 * set; otherwise (embedded mode) a key generated once and kept in the database, so every process
 * on that database and every restart signs with the same one. Loaded on first use, not at start:
 * a request that never needs a key does not write one. One per app (AppContext.licenseKeys): each
 * holds a signing thread.
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
    return { kid: jwk.kid, signer: new Ed25519SigningThread(jwk), publicJwk: publicJwkOf(jwk) };
  }

  /**
   * Ends the signing thread (when the app closes). The key stays loaded with its thread closed, so a
   * lease asked for afterwards is refused rather than starting a thread nothing would end.
   */
  async close(): Promise<void> {
    await (await this.loading?.catch(() => undefined))?.signer.close();
  }
}

/** Insert-if-absent, then read: two processes starting together end up with the same key. */
async function embeddedKey(db: DbOrTx): Promise<Ed25519PrivateJwk> {
  const stored = await getOrCreateSecret(db, EMBEDDED_SIGNING_KEY_NAME, () => JSON.stringify(generateSigningKey()));
  return parseSigningKey(stored);
}
