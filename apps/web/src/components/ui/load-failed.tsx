import { MSG } from '@lbs/domain/messages';
import { Button } from './button';
import { FormAlert } from './form-alert';

/** A list that could not be loaded: the spec's message (or the list's own) and a way to ask again. */
export function LoadFailed({ onRetry, busy, message = MSG.errorFetchingData }: { onRetry: () => void; busy: boolean; message?: string }) {
  return (
    <div className="space-y-3">
      <FormAlert>{message}</FormAlert>
      <Button variant="secondary" onClick={onRetry} disabled={busy}>
        Try again
      </Button>
    </div>
  );
}
