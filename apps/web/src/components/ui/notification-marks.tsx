import { MSG } from '@lbs/domain/messages';

export type NotificationFlag = 'read' | 'done';

/** The two marks a notification takes, each offered until it is set. */
const MARKS = [
  { flag: 'read', isSet: 'is_read', label: MSG.markAsRead, tone: 'text-brand-700 hover:bg-brand-50' },
  { flag: 'done', isSet: 'is_done', label: MSG.markAsDone, tone: 'text-slate-600 hover:bg-slate-100' },
] as const;

/** 'Mark as read' and 'Mark as done' for one notification (spec §2), the ones not yet set. */
export function NotificationMarks({
  n,
  busy,
  onMark,
  className = '',
}: {
  n: { is_read: boolean; is_done: boolean; title: string };
  busy: boolean;
  onMark: (flag: NotificationFlag) => void;
  className?: string;
}) {
  const open = MARKS.filter(({ isSet }) => !n[isSet]);
  if (!open.length) return null;
  return (
    <div className={`flex flex-wrap gap-2 ${className}`.trim()}>
      {open.map(({ flag, label, tone }) => (
        <button
          key={flag}
          type="button"
          disabled={busy}
          onClick={() => onMark(flag)}
          // The visible words stay the spec's; the name says which notification, among many rows.
          aria-label={`${label}: ${n.title}`}
          className={`whitespace-nowrap rounded-md px-2 py-1 text-xs font-semibold disabled:opacity-50 ${tone}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
