import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';

/**
 * An editable combobox with a listbox popup (WAI-ARIA APG "combobox with list autocomplete"):
 * the arrow keys move through the options (wrapping; from none, Down starts at the first and Up at
 * the last), Enter or a click picks the highlighted one, Escape closes the popup (and only the
 * popup: a dialog or panel around it stays open), Tab and a click outside close it. The focus
 * stays in the input throughout; the highlighted option is its aria-activedescendant.
 *
 * The caller renders the input, the list and its options, spreading `inputProps`, `listProps` and
 * `optionProps(i)`, and calls `typed()` when the input's text changes.
 */
export function useCombobox({
  id,
  count,
  wrapper,
  onPick,
  onEnter,
  popup,
}: {
  /** The input's id; the list's and the options' ids are made from it. */
  id: string;
  /** How many options the list shows now. */
  count: number;
  /** What holds the input and the popup: a click outside it closes the popup (once it has landed). */
  wrapper: RefObject<HTMLElement | null>;
  /** The option at this index was clicked, or highlighted when Enter was pressed. */
  onPick: (index: number) => void;
  /** Enter with no option highlighted; true when it was used (its default is then prevented). */
  onEnter?: () => boolean;
  /** Whether the popup has something to show while open (a status line too); by default, options. */
  popup?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const listed = open && count > 0;
  const highlighted = listed && active >= 0 && active < count ? active : -1;
  const shown = open && (popup ?? count > 0);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (e: MouseEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('click', closeOutside);
    return () => document.removeEventListener('click', closeOutside);
  }, [open, wrapper]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (!count) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : count - 1) : (i + step + count) % count));
    } else if (e.key === 'Enter') {
      if (highlighted >= 0) {
        e.preventDefault();
        onPick(highlighted);
      } else if (onEnter?.()) e.preventDefault();
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return {
    /** Whether the popup shows (the list or its status line). */
    shown,
    open,
    setOpen,
    active,
    /** Closes the popup and forgets the highlight (after a pick). */
    close,
    /** The text changed: the popup opens afresh, nothing highlighted. */
    typed: () => {
      setOpen(true);
      setActive(-1);
    },
    inputProps: {
      id,
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': listed,
      'aria-controls': listId,
      'aria-activedescendant': highlighted >= 0 ? optionId(highlighted) : undefined,
      onFocus: () => setOpen(true),
      onKeyDown,
    } as const,
    listProps: { id: listId, role: 'listbox' } as const,
    optionProps: (i: number) =>
      ({
        id: optionId(i),
        role: 'option',
        'aria-selected': i === active,
        // Keeps the focus (and the caret) in the input.
        onMouseDown: (e: { preventDefault: () => void }) => e.preventDefault(),
        onClick: () => onPick(i),
        onMouseMove: () => setActive(i),
      }) as const,
  };
}
