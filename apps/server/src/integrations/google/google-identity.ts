import { z } from 'zod';
import { AppError } from '../../lib/app-error';

/** Who a Google access token belongs to, once Google has confirmed it was issued to us. */
export interface GoogleIdentity {
  /** Google's stable subject id: the account key (an address can change hands, this cannot). */
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
}

const bool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

const ZTokenInfo = z.object({
  aud: z.string().optional(),
  azp: z.string().optional(),
  sub: z.string().min(1),
  exp: z.coerce.number().optional(),
  email: z.string().optional(),
  email_verified: bool.optional(),
});

const ZUserInfo = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: bool.optional(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
});

export interface GoogleOptions {
  clientId: string;
  /** GOOGLE_API_BASE_URL: https://www.googleapis.com, or a local stand-in in tests. */
  baseUrl: string;
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<{ ok: boolean; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(5000) });
  } catch {
    throw new AppError('unavailable', 'Google sign-in is unavailable. Please try again later.');
  }
  const body = await res.json().catch(() => null);
  return { ok: res.ok, body };
}

/**
 * Checks a Google OAuth access token: token-info must say it was issued to our client id
 * (audience) and is unexpired; user-info then gives the profile for the same subject. Null when
 * Google does not vouch for the token.
 */
export async function fetchGoogleIdentity(accessToken: string, opts: GoogleOptions): Promise<GoogleIdentity | null> {
  const base = opts.baseUrl.replace(/\/$/, '');
  const info = await getJson(`${base}/oauth2/v3/tokeninfo?${new URLSearchParams({ access_token: accessToken })}`);
  if (!info.ok) return null;
  const tokenInfo = ZTokenInfo.safeParse(info.body);
  if (!tokenInfo.success) return null;
  const t = tokenInfo.data;
  // A token minted for another site's client id must not open an account here.
  if (t.aud !== opts.clientId && t.azp !== opts.clientId) return null;
  if (t.exp !== undefined && t.exp * 1000 < Date.now()) return null;

  const user = await getJson(`${base}/oauth2/v3/userinfo`, { authorization: `Bearer ${accessToken}` });
  if (!user.ok) return null;
  const userInfo = ZUserInfo.safeParse(user.body);
  if (!userInfo.success || userInfo.data.sub !== t.sub) return null;
  const u = userInfo.data;
  const email = (u.email ?? t.email ?? '').trim().toLowerCase();
  if (!email) return null;
  return {
    sub: t.sub,
    email,
    emailVerified: (u.email_verified ?? t.email_verified) === true,
    name: u.name ?? null,
    givenName: u.given_name ?? null,
    familyName: u.family_name ?? null,
    picture: u.picture && /^https:\/\//.test(u.picture) ? u.picture : null,
  };
}
