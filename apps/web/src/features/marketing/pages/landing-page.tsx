import { MSG } from '@lbs/domain/messages';

/** The landing page (filled in by the public-site issue). Kept in the main bundle: it is the first paint. */
export function LandingPage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-4xl font-bold text-ink">3D lenticular prints for your photo booth</h1>
      <p className="mt-4 text-slate-600">{MSG.benefitBanner}</p>
    </section>
  );
}
