/**
 * A call made with a session token was answered 401: the session ended elsewhere (signed out on
 * another device, a new password, expiry). lib cannot import features, so the session feature
 * registers what that means (clear it, sign in again) and every call reports here.
 */
type Listener = () => void;

let listener: Listener | null = null;

export function onSessionEnded(next: Listener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = null;
  };
}

export function reportSessionEnded(): void {
  listener?.();
}
