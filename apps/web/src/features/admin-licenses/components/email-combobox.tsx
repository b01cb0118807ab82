import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { MSG } from '@lbs/domain/messages';
import { EmailText } from '../../../components/ui/email-text';
import { controlClass } from '../../../components/ui/field-frame';
import { CheckIcon } from '../../../components/ui/icons';
import { useCombobox } from '../../../components/ui/use-combobox';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useEmailSuggestionsQuery } from '../api';

/** How long typing must pause before the suggestions are asked for. */
const SUGGEST_DELAY_MS = 200;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The generate dialog's email field: an editable combobox whose list holds the accounts whose
 * address starts with what was typed (useCombobox, as the back office's customer search). Arrow
 * keys move through the list, Enter or a click picks, Escape closes the list (not the dialog).
 * Only a picked address counts: typing again un-picks it.
 */
export function EmailCombobox({
  text,
  selected,
  onText,
  onSelect,
  invalid,
  inputRef,
}: {
  text: string;
  selected: string | null;
  onText: (text: string) => void;
  onSelect: (email: string | null) => void;
  invalid: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  // The list sits in the flow under the input, so closing it moves what is below. Closing on blur
  // would move a button between its mousedown and its mouseup and lose the click; a click outside
  // closes it instead, once that click has landed (Tab and Escape close it from the keyboard).
  const wrapper = useRef<HTMLDivElement>(null);

  const typed = text.trim().toLowerCase();
  const query = useDebouncedValue(typed, SUGGEST_DELAY_MS);
  const skip = query === '' || query === selected;
  const { data, isFetching, isError } = useEmailSuggestionsQuery(query, { skip });
  useErrorToast(isError, MSG.errorFetchingData);
  // An answer to an earlier, shorter query may still be showing: keep only what still matches.
  const options = skip || !typed ? [] : (data?.emails ?? []).filter((e) => e.startsWith(typed));
  const pick = (email: string) => {
    onText(email);
    onSelect(email);
    combo.close();
  };
  // Enter picks only a highlighted address; otherwise it is the dialog's (its form submits).
  const combo = useCombobox({ id, count: options.length, wrapper, onPick: (i) => pick(options[i]!) });
  const expanded = combo.shown;
  const noMatch = combo.open && !skip && typed !== '' && query === typed && !isFetching && data !== undefined && options.length === 0;

  return (
    <div ref={wrapper}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        Customer email
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          {...combo.inputProps}
          type="text"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={hintId}
          value={text}
          placeholder="Start typing an email"
          className={`${controlClass(invalid)} ${selected ? 'pr-10' : ''}`}
          onChange={(e) => {
            onText(e.target.value);
            if (e.target.value.trim().toLowerCase() !== selected) onSelect(null);
            combo.typed();
          }}
        />
        {selected ? (
          <CheckIcon className="pointer-events-none absolute right-3 top-1/2 h-5 w-5 -translate-y-1/2 text-emerald-600" title="Email selected" />
        ) : null}
      </div>
      <ul
        {...combo.listProps}
        aria-label="Matching emails"
        hidden={!expanded}
        className="mt-1 max-h-60 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {options.map((email, i) => (
          <li
            key={email}
            {...combo.optionProps(i)}
            className={`cursor-pointer px-3 py-2 text-sm ${i === combo.active ? 'bg-brand-50 text-brand-900' : 'text-slate-700'}`}
          >
            <EmailText email={email} strong={typed.length} />
          </li>
        ))}
      </ul>
      <p id={hintId} className={`mt-1 ${invalid ? 'text-sm text-red-600' : 'text-xs text-slate-600'}`} aria-live="polite">
        {invalid
          ? MSG.selectOneEmail
          : selected
          ? `Selected: ${selected}`
          : noMatch
            ? `No account starts with “${typed}”. The customer must sign up first.`
            : expanded
              ? `${options.length} matching ${options.length === 1 ? 'email' : 'emails'}: use the arrow keys and Enter, or click one.`
              : 'Pick the customer’s email from the suggestions.'}
      </p>
    </div>
  );
}

