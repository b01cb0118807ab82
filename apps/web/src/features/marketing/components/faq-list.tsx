import { FAQ } from '../faq';

/** Each item opens and closes on its own (native <details>: keyboard and screen-reader ready, works before the app loads). */
export function FaqList() {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {FAQ.map((item) => (
        <details key={item.question} className="group px-5 py-1 [&_summary::-webkit-details-marker]:hidden" data-faq-item>
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-semibold text-ink">
            {item.question}
            <span
              aria-hidden
              className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-lg text-brand-700 transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <p className="pb-5 pr-10 leading-relaxed text-slate-600">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
