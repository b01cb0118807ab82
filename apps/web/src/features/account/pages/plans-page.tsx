/** Placeholder: filled in by a later issue. */
export function PlansPage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-3xl font-bold text-ink">Plans</h1>
    </section>
  );
}
