import { useState } from 'react';
import { toast } from 'react-toastify';
import { truncateKey } from '@lbs/domain/license-terms';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { toApiError } from '../../../lib/api-error';
import { fullNavigation } from '../../../lib/full-navigation';
import { useTurnAutoRenewMutation, type License } from '../api';
import { RENEWAL_WORDS, turnOnConsentWords } from '../renewal-words';

/**
 * Turning renewal on charges the holder's card, so it is asked first, with the words they agree
 * to; those words go with the request and are stored with the consent. Without a card in use the
 * server answers a page that saves one first (and then turns renewal on): the browser goes there.
 */
export function TurnOnRenewalDialog({ license, onClose }: { license: License | null; onClose: () => void }) {
  const [turnAutoRenew, { isLoading }] = useTurnAutoRenewMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const words = license ? turnOnConsentWords(license) : null;

  async function confirm() {
    if (!license || !words) return;
    setProblem(null);
    try {
      const { setup_url: setupUrl } = await turnAutoRenew({ id: license._id, auto_renew: true, words, language: 'en' }).unwrap();
      if (setupUrl) {
        setLeaving(true);
        fullNavigation.assign(setupUrl);
        return;
      }
      toast.success(RENEWAL_WORDS.turnedOn);
      setProblem(null);
      onClose();
    } catch (e) {
      // 409: the price changed since the page was drawn (the words differ), or renewal cannot be turned on now.
      setProblem(toApiError(e).message);
    }
  }

  return (
    <ConfirmDialog
      open={license !== null}
      title={RENEWAL_WORDS.turnOnTitle}
      confirmLabel={RENEWAL_WORDS.turnOn}
      busy={isLoading || leaving || !words}
      onCancel={() => {
        // The next licence's question starts without this one's problem.
        setProblem(null);
        onClose();
      }}
      onConfirm={() => void confirm()}
    >
      {license ? (
        <>
          <p>
            License <span className="font-mono">{truncateKey(license.license_key)}</span>
          </p>
          <p data-testid="turn-on-consent-words">{words}</p>
          {problem ? <FormAlert>{problem}</FormAlert> : null}
        </>
      ) : null}
    </ConfirmDialog>
  );
}
