import { useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { MSG } from '@lbs/domain/messages';
import { ZPasswordAttempt, ZProfileBody, ZResetPasswordBody } from '@lbs/domain/schemas';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordFields } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { toApiError } from '../../../lib/api-error';
import { userActions } from '../../session/user-slice';
import { useChangePasswordMutation, useUpdateProfileMutation } from '../api';
import { PaymentMethodSection } from './payment-method-section';

type Notice = { kind: 'ok' | 'error'; text: string } | null;

function NoticeBox({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return <FormAlert tone={notice.kind === 'error' ? 'error' : 'success'}>{notice.text}</FormAlert>;
}

/** The first message of a failed validation, in the schema's field order. */
const firstError = (errors: FieldErrors): string | undefined => Object.values(errors).find((e) => e?.message)?.message as string | undefined;

type ProfileInput = z.input<typeof ZProfileBody>;
type ProfileValues = z.output<typeof ZProfileBody>;

/** The signed-in password change: the current password and the new one (the body's email comes from the session). */
// The body lets the server judge a missing current password (after the caller); the form asks first.
const ZPasswordChangeForm = ZResetPasswordBody.pick({ new_pwd: true }).extend({ current_pwd: ZPasswordAttempt });
type PasswordChangeInput = z.input<typeof ZPasswordChangeForm>;
type PasswordChangeValues = z.output<typeof ZPasswordChangeForm>;

export function ProfileTab() {
  // Keyed by user: the form starts from the stored user, also when it arrives after first render.
  const userId = useAppSelector((s) => s.user.user?.id);
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <ProfileForm key={userId ?? 'none'} />
      <PasswordForm />
      <PaymentMethodSection />
    </div>
  );
}

function ProfileForm() {
  const user = useAppSelector((s) => s.user.user);
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateProfileMutation();
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, setPending] = useState<string | null>(user?.pending_email ?? null);
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(ZProfileBody),
    defaultValues: { first_name: user?.first_name ?? '', last_name: user?.last_name ?? '', email: user?.email ?? '' },
  });

  const save = async (body: ProfileValues) => {
    setNotice(null);
    if (!user) {
      setNotice({ kind: 'error', text: MSG.profileInputIncorrect });
      return;
    }
    try {
      const { pending_email, ...saved } = await update({ id: user.id, ...body, last_name: body.last_name ?? '' }).unwrap();
      dispatch(userActions.setUser({ ...saved, pending_email }));
      // The address changes only once the new one is confirmed: the field goes back to the saved one.
      reset({ first_name: saved.first_name ?? '', last_name: saved.last_name ?? '', email: saved.email });
      setPending(pending_email);
      setNotice({ kind: 'ok', text: MSG.profileUpdated });
    } catch (err) {
      setNotice({ kind: 'error', text: toApiError(err).message });
    }
  };

  // Spec: a missing email or first name (or no loaded user) is 'Input profile data correctly!';
  // any other rule shows its own message.
  const invalid = (fieldErrors: FieldErrors<ProfileInput>) => {
    const { email, first_name } = getValues();
    const missing = !user || !email?.trim() || !first_name?.trim();
    setNotice({ kind: 'error', text: missing ? MSG.profileInputIncorrect : (firstError(fieldErrors) ?? MSG.profileInputIncorrect) });
  };

  return (
    <form onSubmit={(e) => void handleSubmit(save, invalid)(e)} noValidate className="min-w-0 space-y-4 rounded-2xl border border-slate-200 p-5" aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-lg font-semibold text-ink">
        Profile
      </h2>
      <TextField label="First name" autoComplete="given-name" aria-invalid={errors.first_name ? true : undefined} {...register('first_name')} />
      <TextField label="Surname (optional)" autoComplete="family-name" aria-invalid={errors.last_name ? true : undefined} {...register('last_name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        hint="A new address takes effect once you confirm it from the mail we send there."
        aria-invalid={errors.email ? true : undefined}
        {...register('email')}
      />
      <NoticeBox notice={notice} />
      {pending ? (
        <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 [overflow-wrap:anywhere]">
          {MSG.emailChangePending(pending)}
        </p>
      ) : null}
      <Button type="submit" disabled={isLoading}>
        {isLoading ? MSG.loading : 'Save profile'}
      </Button>
    </form>
  );
}

function PasswordForm() {
  const user = useAppSelector((s) => s.user.user);
  const [change, { isLoading }] = useChangePasswordMutation();
  const [notice, setNotice] = useState<Notice>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<PasswordChangeInput, unknown, PasswordChangeValues>({
    resolver: zodResolver(ZPasswordChangeForm),
    defaultValues: { current_pwd: '', new_pwd: '' },
  });
  const newPassword = useWatch({ control, name: 'new_pwd' });

  const save = async ({ current_pwd, new_pwd }: PasswordChangeValues) => {
    setNotice(null);
    if (!user) return;
    try {
      await change({ email: user.email, new_pwd, current_pwd }).unwrap();
      reset();
      setNotice({ kind: 'ok', text: MSG.passwordResetSuccess });
    } catch (err) {
      // Spec: on a typed API error the alert shows its message (a wrong current password included).
      setNotice({ kind: 'error', text: toApiError(err).message });
    }
  };

  // The rule's message goes in the form's alert, as before the form had a second field.
  const invalid = (fieldErrors: FieldErrors<PasswordChangeInput>) => setNotice({ kind: 'error', text: firstError(fieldErrors) ?? MSG.passwordRule });

  return (
    <form onSubmit={(e) => void handleSubmit(save, invalid)(e)} noValidate className="h-fit min-w-0 space-y-4 rounded-2xl border border-slate-200 p-5" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold text-ink">
        Password
      </h2>
      <PasswordFields
        fields={[
          { label: 'Current password', autoComplete: 'current-password', 'aria-invalid': errors.current_pwd ? true : undefined, ...register('current_pwd') },
          {
            label: MSG.newPasswordLabel,
            autoComplete: 'new-password',
            hint: `${MSG.passwordRule} Your other signed-in sessions are signed out.`,
            'aria-invalid': errors.new_pwd ? true : undefined,
            ...register('new_pwd'),
          },
        ]}
      />
      <NoticeBox notice={notice} />
      <Button type="submit" disabled={isLoading || !newPassword}>
        {isLoading ? MSG.loading : MSG.resetPasswordSubmit}
      </Button>
    </form>
  );
}
