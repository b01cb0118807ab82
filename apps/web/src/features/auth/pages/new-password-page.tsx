import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { MSG } from '@lbs/domain/messages';
import { ZNewPasswordForm, type TNewPasswordForm } from '@lbs/domain/schemas';
import { paths } from '../../../config/paths';
import { useAppDispatch } from '../../../lib/store-hooks';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordFields } from '../../../components/ui/password-field';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { userActions } from '../../session/user-slice';
import { authApi } from '../api';
import { COPY } from '../auth-copy';
import { AuthLayout, BACK_TO_LOGIN } from '../components/auth-layout';
import { resetPasswordErrorMessage } from '../error-messages';

/** /new-password/:token — the link is checked first, then the two password fields. */
export function NewPasswordPage() {
  const { token } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [check, setCheck] = useState<{ state: 'loading' } | { state: 'ok'; email: string } | { state: 'failed' }>(
    token ? { state: 'loading' } : { state: 'failed' },
  );
  const [error, setError] = useState<string | null>(null);
  const ran = useRef(false);

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TNewPasswordForm>({ resolver: zodResolver(ZNewPasswordForm) });

  useEffect(() => {
    if (!token || ran.current) return;
    ran.current = true;
    authApi
      .verifyResetToken(token)
      .then(({ email }) => setCheck({ state: 'ok', email }))
      .catch(() => setCheck({ state: 'failed' }));
  }, [token]);

  if (check.state === 'loading') {
    return (
      <AuthLayout title={COPY.newPasswordTitle}>
        <div className="flex flex-col items-center gap-4 py-6" role="status">
          <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden />
          <p className="text-sm font-medium text-ink">{MSG.verifyingResetLink}</p>
        </div>
      </AuthLayout>
    );
  }

  if (check.state === 'failed') {
    return (
      <AuthLayout
        title={MSG.verificationFailed}
        below={BACK_TO_LOGIN}
      >
        <div className="space-y-4 text-center">
          <p className="text-slate-700">{MSG.resetLinkFailed}</p>
          <p className="text-sm text-slate-500">{MSG.linkExpiredOrInvalid}</p>
          <Link to={paths.forgotPassword} className="inline-block font-semibold text-brand-700 hover:underline">
            {COPY.requestNewLink}
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await authApi.resetPassword({ email: check.email, new_pwd: password, token: token! });
      reset();
      // Every session of the account was just revoked, this browser's included.
      storage.remove(STORAGE_KEYS.user);
      storage.remove(STORAGE_KEYS.token);
      dispatch(userActions.clearUser());
      toast.success(MSG.passwordResetSuccessLogin);
      navigate(paths.login, { replace: true });
    } catch (e) {
      setError(resetPasswordErrorMessage(e));
    }
  });

  return (
    <AuthLayout title={COPY.newPasswordTitle} subtitle={<span className="break-all">{check.email}</span>}>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <PasswordFields
          fields={[
            { label: MSG.newPasswordLabel, autoComplete: 'new-password', error: errors.password?.message, ...register('password') },
            { label: MSG.confirmNewPasswordLabel, autoComplete: 'new-password', error: errors.confirm?.message, ...register('confirm') },
          ]}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? COPY.resetting : MSG.resetPasswordSubmit}
        </Button>
      </form>
    </AuthLayout>
  );
}
