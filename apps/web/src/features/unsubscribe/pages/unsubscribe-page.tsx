import { Link, useParams, useSearchParams } from 'react-router';
import { CAMPAIGN_LIST_NAMES, ZCampaignKind } from '@lbs/domain/campaigns';
import { Button } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { toApiError } from '../../../lib/api-error';
import { useUnsubscribeMutation, useUnsubscribeStateQuery } from '../api';

const card = 'w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200';

/**
 * /unsubscribe/:token?list=… — the link in campaign mail. Opening it changes nothing (mail
 * scanners open links); it says what the button turns off, and the button does it, with no
 * sign-in (the token is the customer's). Then a confirmation and the way to the settings.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const list = ZCampaignKind.safeParse(search.get('list'));
  const args = { token, list: list.success ? list.data : 'announcement' } as const;
  const state = useUnsubscribeStateQuery(args, { skip: !token || !list.success });
  const [unsubscribe, result] = useUnsubscribeMutation();
  const listName = CAMPAIGN_LIST_NAMES[args.list].toLowerCase();

  let content;
  if (!token || !list.success || state.isError) {
    content = (
      <>
        <h1 className="text-2xl font-bold text-ink">This link does not work</h1>
        <p className="mt-2 text-slate-600">{state.isError ? toApiError(state.error).message : 'The unsubscribe link is incomplete.'}</p>
        <SettingsLink />
      </>
    );
  } else if (state.isLoading || !state.data) {
    content = <p className="text-slate-600">Loading…</p>;
  } else if (result.isSuccess || !state.data.subscribed) {
    content = (
      <>
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
          <CheckIcon className="h-7 w-7" />
        </span>
        <h1 className="mt-6 text-2xl font-bold text-ink">You are unsubscribed</h1>
        <p className="mt-2 text-slate-600 [overflow-wrap:anywhere]">
          {state.data.email} gets no more {listName}. Mail about your orders and licenses still comes.
        </p>
        <SettingsLink />
      </>
    );
  } else {
    content = (
      <>
        <h1 className="text-2xl font-bold text-ink">Unsubscribe?</h1>
        <p className="mt-2 text-slate-600 [overflow-wrap:anywhere]">
          Stop sending <strong className="text-ink">{listName}</strong> to <strong className="text-ink">{state.data.email}</strong>. Mail about your orders and licenses still comes.
        </p>
        {result.isError ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {toApiError(result.error).message}
          </p>
        ) : null}
        <Button className="mt-6" onClick={() => void unsubscribe(args)} disabled={result.isLoading}>
          {result.isLoading ? 'Unsubscribing…' : `Unsubscribe from ${listName}`}
        </Button>
        <SettingsLink />
      </>
    );
  }
  return (
    <section className="flex min-h-[60vh] items-center justify-center bg-slate-50 px-4 py-16">
      <div className={card} aria-live="polite">
        {content}
      </div>
    </section>
  );
}

function SettingsLink() {
  return (
    <p className="mt-6 text-sm text-slate-600">
      Choose what we send in your account’s{' '}
      <Link to={paths.accounts.notifications} className="font-semibold text-brand-700 underline">
        notification settings
      </Link>
      .
    </p>
  );
}
