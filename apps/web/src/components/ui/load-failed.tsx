import { MSG } from '@lbs/domain/messages';
import { Button } from './button';
import { FormAlert } from './form-alert';

/** A list that could not be loaded: the spec's message and a way to ask again. */
export function LoadFailed({ onRetry, busy }: { onRetry: () => void; busy: boolean }) {
  return (
    <div className="space-y-3">
      <FormAlert>{MSG.errorFetchingData}</FormAlert>
      <Button variant="secondary" onClick={onRetry} disabled={busy}>
        Try again
      </Button>
    </div>
  );
}
