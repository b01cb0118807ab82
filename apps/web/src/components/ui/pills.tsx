/** Short facts as grey pills: a product's sizes, the printers supported. */
export function Pills({ items, className = '' }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`${className} flex flex-wrap gap-2`.trim()}>
      {items.map((item) => (
        <li key={item} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
          {item}
        </li>
      ))}
    </ul>
  );
}
