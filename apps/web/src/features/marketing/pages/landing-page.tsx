import { useState } from 'react';
import { MSG } from '@lbs/domain/messages';
import heroUrl from '../../../assets/art/hero-booth.svg';
import guestUrl from '../../../assets/art/benefit-guest-experience.svg';
import innovationUrl from '../../../assets/art/benefit-innovation.svg';
import standOutUrl from '../../../assets/art/benefit-stand-out.svg';
import avatar1Url from '../../../assets/art/avatar-testimonial-1.svg';
import avatar2Url from '../../../assets/art/avatar-testimonial-2.svg';
import avatar3Url from '../../../assets/art/avatar-testimonial-3.svg';
import posterUrl from '../../../assets/art/video-poster-landing.svg';
import { ButtonLink } from '../../../components/ui/button';
import { VideoFacade } from '../../../components/ui/video-facade';
import { usePageMeta } from '../../../lib/page-meta';
import { paths } from '../../../config/paths';
import { PlanCards } from '../components/plan-cards';
import { SectionHeading } from '../components/section-heading';
import { ContactUsLink } from '../components/contact-us-link';
import { SplitHero } from '../components/split-hero';

/** Get Started lands the plans block just below the sticky header (spec §1: 100px offset). */
const PLANS_SCROLL_OFFSET = 100;

const FIGURES = [
  { value: '15890', label: 'Active Users' },
  { value: '1980', label: 'Total Download' },
  { value: '600+', label: 'Customers' },
] as const;

const BENEFITS = [
  {
    title: MSG.benefitGuestExperience,
    icon: guestUrl,
    text: 'Guests leave with a print that moves as they tilt it: a keepsake they show around long after the party, with your brand on the border.',
  },
  {
    title: MSG.benefitInnovation,
    icon: innovationUrl,
    text: 'Our software interlaces your booth photos into sharp 3D and flip effects in seconds, tuned for the lenticular sheets we supply.',
  },
  {
    title: MSG.benefitStandOut,
    icon: standOutUrl,
    text: 'Offer something the booth next door cannot. Operators use lenticular prints to win weddings, corporate galas and brand activations.',
  },
] as const;

const TESTIMONIALS = [
  {
    quote:
      'We added 3D prints as a premium package and it paid for itself in the first month. Couples love tilting the photo to see the kiss move.',
    name: 'Mei Ling Tan',
    role: 'Founder, Snapstory Booths, Singapore',
    avatar: avatar1Url,
  },
  {
    quote:
      'Setup was simple: drag and drop from our booth software, print, roll. Our corporate clients now ask for the lenticular option by name.',
    name: 'Arif Pratama',
    role: 'Operations Lead, Kilau Photo, Jakarta',
    avatar: avatar2Url,
  },
  {
    quote:
      'The training call got my team printing the same afternoon. Queues at our booth are longer than ever, and the prints sell themselves.',
    name: 'Nur Aisyah Rahman',
    role: 'Owner, Bingkai Events, Kuala Lumpur',
    avatar: avatar3Url,
  },
] as const;

function scrollToPlans() {
  const el = document.getElementById('plans');
  if (!el) return;
  window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - PLANS_SCROLL_OFFSET, behavior: 'smooth' });
}

function Testimonials() {
  const [active, setActive] = useState(0);
  const t = TESTIMONIALS[active]!;
  return (
    <section aria-labelledby="testimonials-title" className="bg-brand-50/60">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center lg:py-24">
        <h2 id="testimonials-title" className="text-sm font-semibold uppercase tracking-wider text-brand-700">
          What operators say
        </h2>
        <figure className="mt-8" data-testimonial={active}>
          <blockquote className="min-h-32 text-xl font-medium leading-relaxed text-ink sm:min-h-24 lg:text-2xl">
            “{t.quote}”
          </blockquote>
          <figcaption className="mt-8 flex items-center justify-center gap-4">
            <img src={t.avatar} alt="" width={56} height={56} loading="lazy" className="h-14 w-14 rounded-full" />
            <span className="text-left">
              <span className="block font-semibold text-ink">{t.name}</span>
              <span className="block text-sm text-slate-600">{t.role}</span>
            </span>
          </figcaption>
        </figure>
        <div className="mt-8 flex justify-center gap-1" role="group" aria-label="Choose a testimonial">
          {TESTIMONIALS.map((item, i) => (
            <button
              key={item.name}
              type="button"
              onClick={() => setActive(i)}
              aria-label={`Testimonial ${i + 1} of ${TESTIMONIALS.length}`}
              aria-pressed={i === active}
              className="flex h-11 w-11 items-center justify-center"
            >
              <span className={`block h-3 rounded-full transition-all ${i === active ? 'w-8 bg-brand-600' : 'w-3 bg-slate-300 hover:bg-brand-500'}`} />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The landing page. Kept in the main bundle (it is the first paint), so plain JSX and images only. */
export function LandingPage() {
  usePageMeta({
    title: 'LentiBooth · 3D lenticular photo-booth software and prints',
    description:
      'Turn photo-booth shots into 3D lenticular prints that move. Software licences by the day, month or year, a one-time setup kit and accessories for event businesses in Singapore, Jakarta and beyond.',
  });
  return (
    <>
      <SplitHero
        tone="light"
        eyebrow="3D lenticular photo-booth software"
        title={
          <>
            Photo-booth prints that <span className="shimmer-text">move in 3D</span>
          </>
        }
        intro="LentiBooth turns the photos from your existing booth into dynamic lenticular prints: depth, motion and flip effects your guests can hold. Plug it into your setup, print on your DNP printer and roll onto our sheets."
        image={{
          src: heroUrl,
          alt: 'A LentiBooth photo booth at an evening event printing a 3D lenticular photo while guests look on',
          height: 800,
        }}
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <button type="button" onClick={scrollToPlans} className="inline-flex items-center justify-center rounded-lg bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-700">
            Get Started
          </button>
          <ContactUsLink className="px-6 py-3 text-base" />
        </div>
      </SplitHero>

      <section aria-labelledby="experience-title" className="bg-ink text-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 lg:grid-cols-[1.2fr_2fr] lg:items-center lg:px-8">
          <div>
            <h2 id="experience-title" className="text-3xl font-bold">
              {MSG.benefitBanner}
            </h2>
            <p className="mt-3 text-slate-300">
              Since 2017 we have run lenticular booths at weddings, galas and roadshows across Singapore and Jakarta. The
              software you license is the one we built for our own events.
            </p>
          </div>
          <dl className="grid grid-cols-3 gap-4 text-center">
            {FIGURES.map((f) => (
              <div key={f.label} className="flex flex-col-reverse rounded-2xl bg-white/5 px-2 py-6 ring-1 ring-white/10">
                <dt className="mt-1 text-xs font-medium uppercase tracking-wider text-slate-300 sm:text-sm">{f.label}</dt>
                <dd className="text-2xl font-extrabold text-white sm:text-4xl">{f.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="why-title" className="mx-auto max-w-7xl px-4 py-16 lg:px-8 lg:py-24">
        <SectionHeading id="why-title" eyebrow="Benefits" title={`${MSG.whyChoose} LentiBooth?`}>
          Lenticular prints are the upgrade event guests remember. Here is what they bring to your booth business.
        </SectionHeading>
        <ul className="mt-12 grid gap-8 md:grid-cols-3">
          {BENEFITS.map((b) => (
            <li key={b.title} className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
              <img src={b.icon} alt="" width={96} height={96} loading="lazy" className="mx-auto h-24 w-24" />
              <h3 className="mt-5 text-lg font-bold text-ink">{b.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{b.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <Testimonials />

      <section id="plans" aria-labelledby="plans-title" className="mx-auto max-w-7xl px-4 py-16 lg:px-8 lg:py-24">
        <SectionHeading id="plans-title" eyebrow="Pricing" title={MSG.chooseYourPlan}>
          A licence runs one device. Book a day for a single event, a month for the season, or a year of unlimited
          printing. New to lenticular? Start with the one-time setup kit.
        </SectionHeading>
        <div className="mt-12">
          <PlanCards />
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">{MSG.pricesNett}</p>
      </section>

      <section aria-labelledby="video-title" className="bg-slate-50">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 lg:grid-cols-2 lg:gap-16 lg:px-8 lg:py-24">
          <VideoFacade slot="landing" title="LentiBooth in action" poster={posterUrl} />
          <div>
            <h2 id="video-title" className="text-3xl font-bold text-ink">
              Experiment with formats, then scale production
            </h2>
            <p className="mt-4 leading-relaxed text-slate-700">
              Try depth, motion and flip effects on 4x4 and 4x6 inch prints, or turn them into luggage tags with our cutter.
              Find the format your clients love at one event.
            </p>
            <p className="mt-4 leading-relaxed text-slate-700">
              When bookings grow, the same workflow scales: more devices, more licences, sheets by the thousand at volume
              prices, and a team that has printed for over 1,000 events.
            </p>
            <ButtonLink to={paths.howItWorks} variant="secondary" className="mt-6">
              See how it works
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
