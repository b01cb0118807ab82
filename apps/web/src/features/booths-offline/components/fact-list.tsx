/**
 * What a request or an answer says, as labelled lines: stacked on a phone, label and value side by
 * side from `sm` up. `card` stands on its own on the page; `inset` sits inside the answer's panel.
 */
export function FactList({
  facts,
  variant,
}: {
  facts: readonly (readonly [string, string])[];
  variant: 'card' | 'inset';
}) {
  const box = variant === 'card' ? 'mt-4 rounded-2xl bg-white shadow-sm' : 'mt-2 rounded-lg';
  const row = variant === 'card' ? 'px-4 py-2.5' : 'px-3 py-2';
  return (
    <dl className={`${box} divide-y divide-slate-100 border border-slate-200 text-sm`}>
      {facts.map(([term, value]) => (
        <div
          key={term}
          className={`flex flex-col gap-0.5 ${row} sm:flex-row sm:justify-between sm:gap-4`}
        >
          <dt className="text-slate-600">{term}</dt>
          <dd className="font-medium text-ink [overflow-wrap:anywhere] sm:text-right">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
