import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { MSG } from '@lbs/domain/messages';
import { ZSigninForm, type TSigninForm } from '@lbs/domain/schemas';
import { paths } from '../../../config/paths';
import { useAppSelector } from '../../../lib/store-hooks';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { toApiError } from '../../../lib/api-error';
import { authApi } from '../api';
import { COPY } from '../auth-copy';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaWidget } from '../components/captcha-widget';
import { GoogleButton } from '../components/google-button';
import { loginErrorMessage, resendErrorMessage } from '../error-messages';
import { useCaptcha } from '../use-captcha';
import { useGoogleAuth } from '../use-google-auth';
import { loginTarget, useSignedIn } from '../use-signed-in';

const emailIn = (detail: unknown): string | null => {
  const email = (detail as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : null;
};

/** /login and /signin (the same screen; /signin continues to checkout). */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.user.user);
  const signedIn = useSignedIn();
  const isSignin = location.pathname.startsWith(paths.signin);
  const target = loginTarget(location.pathname, location.state, { signin: paths.shipping, login: paths.accounts.overview });

  const captcha = useCaptcha();
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TSigninForm>({ resolver: zodResolver(ZSigninForm) });

  const google = useGoogleAuth({
    mode: 'signin',
    captcha,
    done: (res) => signedIn(res, target),
    fail: setError,
  });

  if (user) return <Navigate to={target} replace />;

  const submit = async (values: TSigninForm) => {
    setError(null);
    if (!captcha.token) {
      setError(MSG.captchaRequired);
      return;
    }
    try {
      signedIn(await authApi.signIn(values, captcha.token), target);
    } catch (e) {
      const err = toApiError(e);
      if (err.status === 403) setUnverified(emailIn(err.detail) ?? values.email);
      else setError(loginErrorMessage(err));
      captcha.reset();
    }
  };

  async function resend() {
    if (!unverified) return;
    setResending(true);
    try {
      await authApi.resendVerification(unverified);
      toast.success(MSG.verificationEmailSent);
      navigate(`${paths.verifySent}?email=${encodeURIComponent(unverified)}`);
    } catch (e) {
      setError(resendErrorMessage(e));
      setUnverified(null);
    } finally {
      setResending(false);
    }
  }

  const busy = isSubmitting || google.busy;
  return (
    <AuthLayout
      title={COPY.loginTitle}
      subtitle={isSignin ? COPY.signinSubtitle : COPY.loginSubtitle}
      below={{ prompt: COPY.noAccount, to: paths.signup, label: COPY.signupLink }}
    >
      <form onSubmit={(e) => void handleSubmit(submit)(e)} noValidate className="space-y-5">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <TextField label={COPY.email} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <div>
          <PasswordField label={COPY.password} autoComplete="current-password" error={errors.password?.message} {...register('password')} />
          <div className="mt-2 text-right">
            <Link to={paths.forgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
              {COPY.forgotLink}
            </Link>
          </div>
        </div>
        <CaptchaWidget {...captcha.widget} />
        <Button type="submit" className="w-full" disabled={busy}>
          {isSubmitting ? COPY.loggingIn : COPY.loginSubmit}
        </Button>
      </form>
      <GoogleButton label={COPY.googleSignin} disabled={busy} onClick={(id) => void google.start(id)} />
      <ConfirmDialog
        open={unverified !== null}
        title={COPY.resendTitle}
        confirmLabel={COPY.resendConfirm}
        cancelLabel={COPY.cancel}
        busy={resending}
        onConfirm={() => void resend()}
        onCancel={() => setUnverified(null)}
      >
        <p>{MSG.emailNotVerifiedConfirm}</p>
      </ConfirmDialog>
    </AuthLayout>
  );
}
