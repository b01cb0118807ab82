import type { Ref } from 'react';
import { OFFLINE_REQUEST_PROBLEMS, type TOfflineActivationRequest } from '@lbs/domain/offline-activation';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatDateTime } from '../../../lib/format-date';
import { FactList } from './fact-list';

/**
 * Step 2: what the request says, and Activate (gone once the answer is shown). An expired request
 * says so instead of offering Activate: the booth must make a new one.
 */
export function CheckAndActivate({
  request,
  headingRef,
  expired,
  serverError,
  answered,
  activating,
  onActivate,
}: {
  request: TOfflineActivationRequest;
  headingRef: Ref<HTMLHeadingElement>;
  expired: boolean;
  serverError: string | null;
  answered: boolean;
  activating: boolean;
  onActivate: () => void;
}) {
  return (
    <section aria-labelledby="offline-check-heading" className="mt-8">
      <h2 id="offline-check-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-ink focus:outline-none">
        2. Check and activate
      </h2>
      <FactList
        variant="card"
        facts={
          [
            ['Booth name', request.dn ?? 'Not named'],
            ['Device ID', request.dev],
            ...(request.av ? [['Program version', request.av] as [string, string]] : []),
            ['Request expires', formatDateTime(new Date(request.exp * 1000).toISOString())],
          ] as [string, string][]
        }
      />
      {(expired || serverError) && (
        <div className="mt-4">
          <FormAlert>{expired ? OFFLINE_REQUEST_PROBLEMS.expired : serverError}</FormAlert>
        </div>
      )}
      {!answered && !expired && (
        <div className="mt-4 flex flex-wrap gap-3">
          <Button onClick={onActivate} disabled={activating} className="w-full sm:w-auto">
            {activating ? 'Activating…' : 'Activate'}
          </Button>
        </div>
      )}
    </section>
  );
}
