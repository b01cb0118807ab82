import { MSG } from '@lbs/domain/messages';
import { CONTACT_EMAIL, WHATSAPP_URL } from '@lbs/domain/contact-info';
import { usePageMeta } from '../../../lib/page-meta';
import { PlanCards } from '../components/plan-cards';
import { FaqList } from '../components/faq-list';
import { SectionHeading } from '../components/section-heading';
import { ContactUsLink } from '../components/contact-us-link';

export function PricingPage() {
  usePageMeta({
    title: 'Pricing · LentiBooth lenticular photo-booth software',
    description:
      'Daily License 40 USD, Monthly License 150 USD, Yearly License 1500 USD, One Time Setup kit 990 USD. One device per licence; all prices NETT, no GST charged.',
  });
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 pb-16 pt-12 lg:px-8 lg:pb-24 lg:pt-20">
          <SectionHeading as="h1" eyebrow="Pricing" title={MSG.pricingHeader}>
            Three licences that run one device each, for as long as you need, and a one-time setup kit that gets a new
            booth printing in a day.
          </SectionHeading>
          <div className="mt-12">
            <PlanCards level={2} />
          </div>
          <p className="mt-6 text-center text-sm font-medium text-slate-700">{MSG.pricesNett}</p>
        </div>
      </section>

      <section id="faq" aria-labelledby="faq-title" className="mx-auto max-w-3xl scroll-mt-24 px-4 pb-16 lg:pb-24">
        <h2 id="faq-title" className="text-center text-3xl font-bold text-ink">
          Frequently asked questions
        </h2>
        <div className="mt-8">
          <FaqList />
        </div>
        <div className="mt-10 rounded-2xl bg-ink p-6 text-center text-white sm:p-8">
          <h3 className="text-lg font-semibold">Still have a question?</h3>
          <p className="mt-2 text-slate-300">
            Message our sales hotline on WhatsApp or write to{' '}
            <a href={`mailto:${CONTACT_EMAIL}`} className="text-white underline">
              {CONTACT_EMAIL}
            </a>
            .
          </p>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <a
              href={WHATSAPP_URL}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex items-center justify-center rounded-lg bg-emerald-500 px-5 py-2.5 text-sm font-semibold text-ink hover:bg-emerald-400"
            >
              WhatsApp the sales hotline
            </a>
            <ContactUsLink />
          </div>
        </div>
      </section>
    </>
  );
}
