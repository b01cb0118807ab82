import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { MSG } from '@lbs/domain/messages';
import { mailProviderUrl } from '@lbs/domain/mail-provider';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { authApi } from '../api';
import { COPY } from '../auth-copy';
import { AuthLayout, BACK_TO_LOGIN } from '../components/auth-layout';
import { resendErrorMessage } from '../error-messages';

/** After sign-up or an unverified login: the address from ?email=, a button to its inbox, resend. */
export function VerifySentPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const [error, setError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  function openInbox() {
    const url = mailProviderUrl(email);
    if (!url) {
      setError(MSG.invalidEmailAddress);
      return;
    }
    setError(null);
    window.open(url, '_blank', 'noopener,noreferrer');
  }

  async function resend() {
    setError(null);
    setResending(true);
    try {
      await authApi.resendVerification(email);
      toast.success(MSG.verificationEmailSent);
    } catch (e) {
      setError(resendErrorMessage(e));
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthLayout title={COPY.verifySentTitle} below={BACK_TO_LOGIN}>
      <div className="space-y-5">
        <div
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-600"
          aria-hidden
        >
          <svg
            viewBox="0 0 24 24"
            width={28}
            height={28}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.8}
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M3 7l9 6 9-6" />
          </svg>
        </div>
        {!mailProviderUrl(email) ? (
          // Opened without an address (or a broken one): nothing was sent to show; only the
          // error, and the way back below.
          <FormAlert>{MSG.invalidEmailAddress}</FormAlert>
        ) : (
          <VerifySentBody
            email={email}
            error={error}
            resending={resending}
            onOpenInbox={openInbox}
            onResend={() => void resend()}
          />
        )}
      </div>
    </AuthLayout>
  );
}

function VerifySentBody(props: {
  email: string;
  error: string | null;
  resending: boolean;
  onOpenInbox: () => void;
  onResend: () => void;
}) {
  const { email, error, resending, onOpenInbox, onResend } = props;
  return (
    <>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <p className="text-center text-sm text-slate-600">
        {COPY.verifySentBody}
        <br />
        <strong className="break-all text-base text-ink">{email}</strong>
      </p>
      <p className="text-center text-sm text-slate-500">{COPY.verifySentHint}</p>
      <Button className="w-full" onClick={onOpenInbox}>
        {COPY.openInbox}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onResend} disabled={resending}>
        {resending ? COPY.sending : COPY.resendLink}
      </Button>
    </>
  );
}
