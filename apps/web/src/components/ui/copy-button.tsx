import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { MSG } from '@lbs/domain/messages';
import { CheckIcon, CopyIcon } from './icons';

/** The spec's copy confirmation lasts 2 seconds. */
const COPY_CONFIRM_MS = 2000;

/** Copies `value`; the button itself confirms for two seconds. `compact` shows the icon only (tight tables). */
export function CopyButton({ value, label, onCopied, compact = false }: { value: string; label: string; onCopied?: () => void; compact?: boolean }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <button
      type="button"
      className={`inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold transition-colors ${
        copied ? 'bg-emerald-50 text-emerald-700' : 'text-brand-700 hover:bg-brand-50'
      }`}
      aria-label={copied ? MSG.keyCopied : label}
      title={compact ? label : undefined}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
        } catch {
          toast.error(MSG.copyFailed);
          return;
        }
        setCopied(true);
        onCopied?.();
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
      }}
    >
      {copied ? <CheckIcon className="h-4 w-4" /> : <CopyIcon className="h-4 w-4" />}
      <span aria-live="polite" className={compact ? 'sr-only' : undefined}>
        {copied ? MSG.keyCopied : 'Copy'}
      </span>
    </button>
  );
}
