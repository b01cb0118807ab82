import { useId, useState, type FormEvent } from 'react';
import { MSG } from '@lbs/domain/messages';
import { ZPassword, ZProfileBody } from '@lbs/domain/schemas';
import { Button } from '../../../components/ui/button';
import { EyeIcon, EyeOffIcon } from '../../../components/ui/icons';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { toApiError } from '../../../lib/api-error';
import { userActions } from '../../session/user-slice';
import { useChangePasswordMutation, useUpdateProfileMutation } from '../api';

type Notice = { kind: 'ok' | 'error'; text: string } | null;

function NoticeBox({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p
      role={notice.kind === 'error' ? 'alert' : 'status'}
      className={`rounded-lg px-4 py-3 text-sm [overflow-wrap:anywhere] ${notice.kind === 'error' ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-800'}`}
    >
      {notice.text}
    </p>
  );
}

const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-ink placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100';

function Field({ label, value, onChange, type = 'text', autoComplete, hint }: { label: string; value: string; onChange: (v: string) => void; type?: string; autoComplete?: string; hint?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={id} type={type} value={value} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} className={inputClass} aria-describedby={hint ? `${id}-hint` : undefined} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function ProfileTab() {
  // Keyed by user: the form starts from the stored user, also when it arrives after first render.
  const userId = useAppSelector((s) => s.user.user?.id);
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <ProfileForm key={userId ?? 'none'} />
      <PasswordForm />
    </div>
  );
}

function ProfileForm() {
  const user = useAppSelector((s) => s.user.user);
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateProfileMutation();
  const [firstName, setFirstName] = useState(user?.first_name ?? '');
  const [lastName, setLastName] = useState(user?.last_name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, setPending] = useState<string | null>(user?.pending_email ?? null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    if (!user || !email.trim() || !firstName.trim()) {
      setNotice({ kind: 'error', text: MSG.profileInputIncorrect });
      return;
    }
    const body = ZProfileBody.safeParse({ email, first_name: firstName, last_name: lastName });
    if (!body.success) {
      setNotice({ kind: 'error', text: body.error.issues[0]?.message ?? MSG.profileInputIncorrect });
      return;
    }
    try {
      const { pending_email, ...saved } = await update({ id: user.id, ...body.data, last_name: body.data.last_name ?? '' }).unwrap();
      dispatch(userActions.setUser({ ...saved, pending_email }));
      setEmail(saved.email);
      setPending(pending_email);
      setNotice({ kind: 'ok', text: MSG.profileUpdated });
    } catch (err) {
      setNotice({ kind: 'error', text: toApiError(err).message });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="min-w-0 space-y-4 rounded-2xl border border-slate-200 p-5" aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-lg font-semibold text-ink">
        Profile
      </h2>
      <Field label="First name" value={firstName} onChange={setFirstName} autoComplete="given-name" />
      <Field label="Surname (optional)" value={lastName} onChange={setLastName} autoComplete="family-name" />
      <Field label="Email" type="email" value={email} onChange={setEmail} autoComplete="email" hint="A new address takes effect once you confirm it from the mail we send there." />
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
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    if (!user) return;
    const parsed = ZPassword.safeParse(password);
    if (!parsed.success) {
      setNotice({ kind: 'error', text: parsed.error.issues[0]?.message ?? MSG.passwordRule });
      return;
    }
    try {
      await change({ email: user.email, new_pwd: parsed.data }).unwrap();
      setPassword('');
      setNotice({ kind: 'ok', text: MSG.passwordResetSuccess });
    } catch (err) {
      setNotice({ kind: 'error', text: toApiError(err).message });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="h-fit min-w-0 space-y-4 rounded-2xl border border-slate-200 p-5" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold text-ink">
        Password
      </h2>
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
          {MSG.newPasswordLabel}
        </label>
        <div className="relative">
          <input
            id={id}
            type={shown ? 'text' : 'password'}
            value={password}
            autoComplete="new-password"
            onChange={(e) => setPassword(e.target.value)}
            className={`${inputClass} pr-11`}
            aria-describedby={`${id}-hint`}
          />
          <button
            type="button"
            onClick={() => setShown((v) => !v)}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-slate-500 hover:text-brand-700"
            aria-label={shown ? MSG.hidePassword : MSG.showPassword}
            aria-pressed={shown}
          >
            {shown ? <EyeOffIcon className="h-5 w-5" /> : <EyeIcon className="h-5 w-5" />}
          </button>
        </div>
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {MSG.passwordRule} Your other signed-in sessions are signed out.
        </p>
      </div>
      <NoticeBox notice={notice} />
      <Button type="submit" disabled={isLoading || !password}>
        {isLoading ? MSG.loading : MSG.resetPasswordSubmit}
      </Button>
    </form>
  );
}
