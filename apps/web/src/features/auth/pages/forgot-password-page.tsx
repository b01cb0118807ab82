import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { MSG } from '@lbs/domain/messages';
import { ZForgotPasswordForm, type TForgotPasswordForm } from '@lbs/domain/schemas';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { authApi } from '../api';
import { COPY } from '../auth-copy';
import { AuthLayout, BACK_TO_LOGIN } from '../components/auth-layout';
import { forgotPasswordErrorMessage } from '../error-messages';

/** /forgot-password: one address, then 'The password reset link was sent to …'. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TForgotPasswordForm>({ resolver: zodResolver(ZForgotPasswordForm) });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await authApi.forgotPassword(email);
      setSentTo(email);
    } catch (e) {
      toast.error(forgotPasswordErrorMessage(e));
    }
  });

  return (
    <AuthLayout
      title={COPY.forgotTitle}
      subtitle={sentTo ? undefined : COPY.forgotSubtitle}
      below={BACK_TO_LOGIN}
    >
      {sentTo ? (
        <FormAlert tone="success">
          {MSG.resetLinkSentTo} <strong className="break-all">{sentTo}</strong>
        </FormAlert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <TextField label={COPY.email} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? COPY.sending : MSG.resetPasswordButton}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
