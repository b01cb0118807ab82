import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { controlClass } from './field-frame';

/**
 * A list's search box: what was typed reaches `onSearch` (trimmed) a moment after typing stops,
 * or at once on Enter, and only when it changed, so a list asks the server once per search.
 */
export function SearchField({
  label,
  placeholder,
  onSearch,
  delayMs = 300,
  className = '',
  initial = '',
}: {
  label: string;
  placeholder?: string;
  /** What the box holds at first (a search carried in a link, `?q=`); not searched again. */
  initial?: string;
  onSearch: (q: string) => void;
  delayMs?: number;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const last = useRef(initial.trim());
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });

  const emit = useCallback((value: string) => {
    const q = value.trim();
    if (q === last.current) return;
    last.current = q;
    latest.current(q);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => emit(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs, emit]);

  return (
    // Named by what it searches ('Search credit notes' → 'credit notes search'): a page with two
    // lists has two search landmarks, and the back office's header has its own ("Customers");
    // unnamed, they read alike in a screen reader's landmark list. Not by the label itself, which
    // names the box: one name on both would make "the field labelled Search users" ambiguous.
    <form
      role="search"
      aria-label={label.replace(/^search\s+/i, '') || label}
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        emit(text);
      }}
    >
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={id} type="search" value={text} placeholder={placeholder} onChange={(e) => setText(e.target.value)} className={controlClass(false)} />
    </form>
  );
}
