import { MSG } from '@lbs/domain/messages';
import { formatDateTime } from '../../lib/format-date';
import { AlertIcon } from './icons';

/**
 * "Seen in two places": a device id checked in from two addresses within an hour (a copied
 * install, or a booth that moved networks), and when it last was. The customer's Booths page,
 * LICENSES and the customer page show the same flag.
 */
export function DeviceSharedFlag({ at }: { at: string }) {
  return (
    <span className="flex flex-col items-start gap-0.5 text-xs font-normal">
      <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 font-semibold text-red-700">
        <AlertIcon className="h-3.5 w-3.5 shrink-0" aria-hidden />
        Seen in two places
      </span>
      <span className="max-w-xs text-slate-600">
        {MSG.boothSharedExplanation} Last on <time dateTime={at}>{formatDateTime(at)}</time>.
      </span>
    </span>
  );
}
