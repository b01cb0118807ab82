import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@lbs/domain/messages';
import { CUSTOMER_SEARCH_MAX } from '@lbs/domain/customer-page';
import { EmailText } from '../../../components/ui/email-text';
import { controlClass } from '../../../components/ui/field-frame';
import { useCombobox } from '../../../components/ui/use-combobox';
import { paths } from '../../../config/paths';
import { useCustomerSearchQuery, useLazyCustomerSearchQuery } from '../api';
import { groupSearchHits, searchSummary } from '../search-hits';

/** How long typing must pause before the server is asked. */
const SEARCH_DELAY_MS = 250;

/**
 * The back office header's search: one box finds a customer by email, name, order number,
 * invoice number or licence key, typed as the customer wrote it (the server folds case and
 * grouping). An editable combobox with a listbox popup (useCombobox): arrows move, Enter opens
 * the highlighted customer, or the only one; Escape closes the list. Enter pressed before the
 * answer is in asks at once and opens the customer when it is a single one.
 */
export function CustomerSearch({ className = '' }: { className?: string }) {
  const id = useId();
  const statusId = `${id}-status`;
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const wrapper = useRef<HTMLDivElement>(null);
  const [searchNow] = useLazyCustomerSearchQuery();

  const typed = text.trim();
  // What the box holds now, for an answer that arrives after the admin typed on.
  const latestTyped = useRef(typed);
  useEffect(() => {
    latestTyped.current = typed;
  }, [typed]);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const { currentData, isFetching, isError, refetch } = useCustomerSearchQuery(query, { skip: query === '' });
  // Only an answer to what the box holds now counts (never a shorter, earlier text's).
  const current = query === typed && typed !== '' && !isFetching;
  const options = current && currentData ? groupSearchHits(currentData.items) : [];

  const openCustomer = (userId: number) => {
    setText('');
    setQuery('');
    combo.close();
    navigate(paths.accounts.admin.customer(userId));
  };

  // The popup shows while there is something typed: the matches, or a line saying why there are none.
  const combo = useCombobox({
    id,
    count: options.length,
    wrapper,
    popup: typed !== '',
    onPick: (i) => openCustomer(options[i]!.userId),
    onEnter: () => {
      onEnter();
      return true;
    },
  });
  const expanded = combo.shown;

  let status = '';
  if (expanded) {
    if (isError && query === typed) status = `${MSG.errorFetchingData}. Press Enter to try again.`;
    else if (!current) status = 'Searching…';
    else status = searchSummary(typed, options);
  }

  /** Enter with no customer highlighted: the only one, or ask again after a failure, or now. */
  const onEnter = () => {
    if (!typed) return;
    combo.setOpen(true);
    if (isError && query === typed) {
      void refetch();
      return;
    }
    if (current) {
      if (options.length === 1) openCustomer(options[0]!.userId);
      return;
    }
    // Not answered yet: ask now rather than after the pause, and open a single match on arrival
    // (unless the admin has typed on meanwhile).
    const asked = typed;
    setQuery(asked);
    void searchNow(asked, true)
      .unwrap()
      .then((answer) => {
        const found = groupSearchHits(answer.items);
        if (latestTyped.current === asked && found.length === 1) openCustomer(found[0]!.userId);
      })
      .catch(() => {}); // the list shows the failure
  };

  return (
    <div ref={wrapper} className={`relative ${className}`} role="search" aria-label="Customers">
      <label htmlFor={id} className="sr-only">
        Find a customer
      </label>
      <div className="relative">
        <svg aria-hidden viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <input
          {...combo.inputProps}
          type="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={CUSTOMER_SEARCH_MAX}
          aria-describedby={statusId}
          value={text}
          placeholder="Find: email, name, order, invoice, key"
          className={`${controlClass(false)} pl-9 text-sm`}
          onChange={(e) => {
            setText(e.target.value);
            combo.typed();
          }}
        />
      </div>
      <div
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
      >
        <ul {...combo.listProps} aria-label="Matching customers" className="max-h-80 overflow-y-auto">
          {options.map((o, i) => (
            <li
              key={o.userId}
              {...combo.optionProps(i)}
              className={`cursor-pointer border-b border-slate-100 px-3 py-2 text-sm last:border-b-0 ${i === combo.active ? 'bg-brand-50' : ''}`}
            >
              <span className="block font-semibold text-ink [overflow-wrap:anywhere]">{o.nameIsEmail ? <EmailText email={o.email} /> : o.name}</span>
              {o.nameIsEmail ? null : (
                <span className="block text-slate-600 [overflow-wrap:anywhere]">
                  <EmailText email={o.email} />
                </span>
              )}
              <span className="mt-0.5 block text-xs text-slate-600">
                Matched: <span className="font-medium text-slate-800">{o.matches.join(', ')}</span>
              </span>
            </li>
          ))}
        </ul>
        <p id={statusId} aria-live="polite" className={`px-3 py-2 text-xs ${isError ? 'text-red-700' : 'text-slate-600'} ${options.length ? 'border-t border-slate-100 bg-slate-50' : ''}`}>
          {status}
        </p>
      </div>
    </div>
  );
}
