import { MSG } from '@lbs/domain/messages';

/** Full-screen overlay while the app or a screen is loading. */
export function LoadingOverlay() {
  return (
    <div
      className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-4 bg-white/85 backdrop-blur-sm"
      role="status"
      aria-live="polite"
    >
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden />
      <p className="text-base font-medium text-ink">{MSG.loading}</p>
    </div>
  );
}
