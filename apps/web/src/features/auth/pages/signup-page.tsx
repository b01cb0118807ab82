import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '@lbs/domain/messages';
import { DISPLAY_TIME_ZONES, displayTimeZoneFor } from '@lbs/domain/preferences';
import { ZSignupForm, type TSignupForm } from '@lbs/domain/schemas';
import { paths } from '../../../config/paths';
import { browserTimeZone } from '../../../lib/format-date';
import { useAppSelector } from '../../../lib/store-hooks';
import { Button } from '../../../components/ui/button';
import { FieldFrame } from '../../../components/ui/field-frame';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordFields } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { authApi } from '../api';
import { COPY } from '../auth-copy';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaWidget } from '../components/captcha-widget';
import { GoogleButton } from '../components/google-button';
import { signupErrorMessage } from '../error-messages';
import { useCaptcha } from '../use-captcha';
import { useGoogleAuth } from '../use-google-auth';
import { useSignedIn } from '../use-signed-in';

/**
 * /signup: user name, email, password twice, time zone (ours, issue 21: preselected from the
 * browser's zone when it is a listed one, so the first mail already dates in the customer's day),
 * CAPTCHA; or Google, which takes the preselected zone too.
 */
export function SignupPage() {
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.user.user);
  const signedIn = useSignedIn();
  const captcha = useCaptcha();
  const [error, setError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
    control,
  } = useForm<TSignupForm>({ resolver: zodResolver(ZSignupForm), defaultValues: { time_zone: displayTimeZoneFor(browserTimeZone()) } });

  const timeZone = useWatch({ control, name: 'time_zone' });
  // A verified account goes to the account area, back to the item last selected there.
  const google = useGoogleAuth({ mode: 'signup', timeZone, captcha, done: (res) => signedIn(res, paths.accounts.root), fail: setError });

  if (user) return <Navigate to={paths.accounts.root} replace />;

  const submit = async ({ username, email, password, time_zone }: TSignupForm) => {
    setError(null);
    if (!captcha.token) {
      setError(MSG.captchaRequired);
      return;
    }
    try {
      const { user: created } = await authApi.signUp({ username, email, password, time_zone }, captcha.token);
      // New accounts must confirm their address first (a Google account is verified already).
      navigate(`${paths.verifySent}?email=${encodeURIComponent(created.email)}`);
    } catch (e) {
      setError(signupErrorMessage(e));
      captcha.reset();
    }
  };

  const busy = isSubmitting || google.busy;
  return (
    <AuthLayout
      title={COPY.signupTitle}
      subtitle={COPY.signupSubtitle}
      below={{ prompt: COPY.haveAccount, to: paths.login, label: COPY.loginLink }}
    >
      <form onSubmit={(e) => void handleSubmit(submit)(e)} noValidate className="space-y-5">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <TextField label={COPY.username} autoComplete="username" error={errors.username?.message} {...register('username')} />
        <TextField label={COPY.email} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <PasswordFields
          fields={[
            { label: COPY.password, autoComplete: 'new-password', error: errors.password?.message, ...register('password') },
            { label: COPY.confirmPassword, autoComplete: 'new-password', error: errors.confirmPassword?.message, ...register('confirmPassword') },
          ]}
        />
        <FieldFrame label={COPY.timeZone} hint={COPY.timeZoneHint} error={errors.time_zone?.message}>
          {(control) => (
            <select {...control} {...register('time_zone')}>
              {DISPLAY_TIME_ZONES.map((z) => (
                <option key={z.id} value={z.id}>
                  {z.label}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <CaptchaWidget {...captcha.widget} />
        <Button type="submit" className="w-full" disabled={busy}>
          {isSubmitting ? COPY.signingUp : COPY.signupSubmit}
        </Button>
      </form>
      <GoogleButton label={COPY.googleSignup} disabled={busy} onClick={(id) => void google.start(id)} />
    </AuthLayout>
  );
}
