import { useState } from 'react';
import { MSG } from '@lbs/domain/messages';
import type { DisplayTimeZone } from '@lbs/domain/preferences';
import { authApi, type SessionResponse } from './api';
import { googleErrorMessage } from './error-messages';
import { requestGoogleAccessToken } from './google-identity';

/**
 * Google sign-up or sign-in: needs a solved CAPTCHA first (spec §5), then Google's popup, then
 * our server. `done` receives the session; `fail` the message to show.
 */
export function useGoogleAuth(opts: {
  mode: 'signup' | 'signin';
  /** Sign-up only: the zone the new account gets (the form's preselection). */
  timeZone?: DisplayTimeZone;
  captcha: { token: string | null; reset: () => void };
  done: (res: SessionResponse) => void;
  fail: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  async function start(clientId: string) {
    if (!opts.captcha.token) {
      opts.fail(MSG.captchaBeforeGoogle);
      return;
    }
    setBusy(true);
    try {
      const accessToken = await requestGoogleAccessToken(clientId);
      opts.done(await authApi.googleSignIn(accessToken, opts.captcha.token, opts.mode, opts.timeZone));
    } catch (e) {
      opts.fail(googleErrorMessage(e, opts.mode));
    } finally {
      setBusy(false);
      opts.captcha.reset();
    }
  }
  return { busy, start };
}
