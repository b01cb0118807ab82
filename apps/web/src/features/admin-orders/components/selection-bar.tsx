import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import type { TAdminOrder } from '@lbs/domain/admin-responses';
import { Button } from '../../../components/ui/button';
import { toApiError } from '../../../lib/api-error';
import { downloadPackingSlips } from '../download-packing-slips';
import type { OrderSelection } from '../hooks/use-order-selection';

/** Above ORDERS' list: select the page, how many are selected, packing slips, Mark shipped, Clear. */
export function SelectionBar({ selection, onShip }: { selection: OrderSelection; onShip: (orders: readonly TAdminOrder[]) => void }) {
  const [downloading, setDownloading] = useState(false);
  const printPackingSlips = async () => {
    setDownloading(true);
    try {
      await downloadPackingSlips(selection.orders.map((o) => o.order_id));
    } catch (err) {
      toast.error(`Packing slips failed: ${toApiError(err).message}`);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div role="group" aria-label="Selected orders" className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-slate-50 px-4 py-2.5">
      <SelectPageCheckbox checked={selection.allOnPage} mixed={selection.someOnPage} onChange={selection.togglePage} />
      <span className="text-sm text-slate-700" aria-live="polite">
        {selection.size} selected
      </span>
      <span className="flex flex-wrap gap-2 sm:ml-auto">
        <Button variant="secondary" className="px-3 py-1.5" disabled={!selection.size || downloading} onClick={() => void printPackingSlips()}>
          {downloading ? 'Preparing...' : 'Packing slips'}
        </Button>
        <Button className="px-3 py-1.5" disabled={!selection.size} onClick={() => onShip(selection.orders)}>
          Mark shipped
        </Button>
        {selection.size ? (
          <Button variant="ghost" className="px-3 py-1.5" onClick={selection.clear}>
            Clear
          </Button>
        ) : null}
      </span>
    </div>
  );
}

/** "Select all on this page", mixed while only some of the page is selected. */
function SelectPageCheckbox({ checked, mixed, onChange }: { checked: boolean; mixed: boolean; onChange: (on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className="inline-flex min-h-9 items-center gap-2 text-sm font-medium text-slate-700">
      <input ref={ref} type="checkbox" className="h-4 w-4 accent-brand-600" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      Select all on this page
    </label>
  );
}
