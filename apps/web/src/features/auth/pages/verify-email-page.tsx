import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MSG } from '@lbs/domain/messages';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { ButtonLink } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { userActions } from '../../session/user-slice';
import { authApi } from '../api';
import { COPY } from '../auth-copy';

const REDIRECT_MS = 3000;

/**
 * /verify-email/:token — verifies once, signs the user in, then goes to the overview after 3 s.
 * A link opened again once the address is verified (the server's 409) says so, not that it failed.
 */
export function VerifyEmailPage() {
  const { token } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector((s) => s.user.user !== null);
  const [state, setState] = useState<'verifying' | 'verified' | 'alreadyVerified' | 'failed'>(token ? 'verifying' : 'failed');
  // Runs once, even when React mounts effects twice: a second call would find the link spent.
  const ran = useRef(false);

  useEffect(() => {
    if (!token || ran.current) return;
    ran.current = true;
    authApi
      .verifyEmail(token)
      .then((res) => {
        dispatch(userActions.setToken(res.access_token));
        dispatch(userActions.setUser(res.user));
        setState('verified');
      })
      .catch((e: unknown) => setState(isApiError(e) && e.status === 409 ? 'alreadyVerified' : 'failed'));
  }, [token, dispatch]);

  useEffect(() => {
    if (state !== 'verified') return;
    const id = setTimeout(() => navigate(paths.accounts.overview, { replace: true }), REDIRECT_MS);
    return () => clearTimeout(id);
  }, [state, navigate]);

  return (
    <section className="flex min-h-[60vh] items-center justify-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200" aria-live="polite">
        {state === 'verifying' ? (
          <>
            <span className="mx-auto block h-12 w-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden />
            <h1 className="mt-6 text-xl font-semibold text-ink">{MSG.verifyingEmail}</h1>
          </>
        ) : state === 'verified' ? (
          <>
            <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
              <CheckIcon className="h-7 w-7" />
            </span>
            <h1 className="mt-6 text-2xl font-bold text-ink">{MSG.emailVerified}</h1>
            <p className="mt-2 text-slate-600">{MSG.emailVerifiedBody}</p>
            <p className="mt-4 text-sm text-slate-500">{MSG.redirectingToDashboard}</p>
            <ButtonLink to={paths.accounts.overview} variant="secondary" className="mt-6">
              {COPY.goToDashboard}
            </ButtonLink>
          </>
        ) : state === 'alreadyVerified' ? (
          <>
            <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
              <CheckIcon className="h-7 w-7" />
            </span>
            <h1 className="mt-6 text-2xl font-bold text-ink">{MSG.emailAlreadyVerifiedTitle}</h1>
            <p className="mt-2 text-slate-600">{MSG.emailAlreadyVerified}</p>
            {signedIn ? (
              <ButtonLink to={paths.accounts.overview} variant="secondary" className="mt-6">
                {COPY.goToDashboard}
              </ButtonLink>
            ) : (
              <ButtonLink to={paths.login} className="mt-6">
                {COPY.loginLink}
              </ButtonLink>
            )}
          </>
        ) : (
          <>
            <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-2xl font-bold text-red-600" aria-hidden>
              !
            </span>
            <h1 className="mt-6 text-2xl font-bold text-ink">{MSG.verificationFailed}</h1>
            <p className="mt-2 text-slate-600">{MSG.emailVerifyFailed}</p>
            <p className="mt-1 text-sm text-slate-500">{MSG.linkExpiredOrInvalid}</p>
            <Link to={paths.login} className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
              {COPY.backToLogin}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
