import { toast } from 'react-toastify';
import { toApiError } from '../../../lib/api-error';

/**
 * Runs one action and says how it went in a toast: `done` on success; on failure `failed` and the
 * server's detail (why: "This license is already suspended"). Answers the detail on failure, so a
 * dialog can show it too (its backdrop dims the toasts), or null on success.
 */
export async function runAction(call: () => Promise<unknown>, done: string, failed: string): Promise<string | null> {
  try {
    await call();
    toast.success(done);
    return null;
  } catch (e) {
    const detail = toApiError(e).message;
    toast.error(
      <div>
        <p className="font-semibold">{failed}</p>
        {detail && detail !== failed ? <p className="mt-0.5 text-sm">{detail}</p> : null}
      </div>,
    );
    return detail;
  }
}
