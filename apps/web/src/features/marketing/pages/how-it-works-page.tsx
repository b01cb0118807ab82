import captureUrl from '../../../assets/art/step-capture.svg';
import dragDropUrl from '../../../assets/art/step-drag-drop.svg';
import pasteRollUrl from '../../../assets/art/step-paste-roll.svg';
import posterUrl from '../../../assets/art/video-poster-how-it-works.svg';
import { ButtonLink } from '../../../components/ui/button';
import { VideoFacade } from '../../../components/ui/video-facade';
import { usePageMeta } from '../../../lib/page-meta';
import { paths } from '../../../config/paths';
import { SectionHeading } from '../components/section-heading';
import { ContactUsLink } from '../components/contact-us-link';

const STEPS = [
  {
    title: 'Capture the moment',
    image: captureUrl,
    text: 'Shoot with the camera and booth software you already run. Guests pose as usual; a short burst or a pair of shots is all the effect needs.',
  },
  {
    title: 'Drag and drop into the software',
    image: dragDropUrl,
    text: 'Drop the photos into LentiBooth. It aligns them, applies your border and interlaces a print-ready file for your DNP printer in seconds.',
  },
  {
    title: 'Paste and roll',
    image: pasteRollUrl,
    text: 'Print, lay the lenticular sheet on top and press it on with the adhesion roller. Hand your guest a 3D print that moves as they tilt it.',
  },
] as const;

export function HowItWorksPage() {
  usePageMeta({
    title: 'How It Works · LentiBooth',
    description:
      'Three steps from booth photo to 3D lenticular print: capture the moment, drag and drop into the LentiBooth software, then paste and roll onto a lenticular sheet.',
  });
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 pb-12 pt-12 lg:px-8 lg:pt-20">
          <SectionHeading as="h1" eyebrow="How It Works" title="From booth photo to 3D print in three steps">
            LentiBooth slots into the booth you already run. No new camera, no new booth software: just a licence, a DNP
            printer and our lenticular sheets.
          </SectionHeading>
        </div>
      </section>

      <section aria-label="The three steps" className="mx-auto max-w-7xl px-4 pb-16 lg:px-8 lg:pb-24">
        <ol className="grid gap-8 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <img
                src={step.image}
                alt=""
                width={480}
                height={360}
                loading={i === 0 ? 'eager' : 'lazy'}
                className="h-auto w-full bg-brand-50"
              />
              <div className="flex-1 p-6">
                <p className="text-sm font-semibold text-brand-700">Step {i + 1}</p>
                <h2 className="mt-1 text-xl font-bold text-ink">{step.title}</h2>
                <p className="mt-3 leading-relaxed text-slate-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="hiw-video-title" className="bg-slate-50">
        <div className="mx-auto max-w-5xl px-4 py-16 lg:px-8 lg:py-24">
          <SectionHeading id="hiw-video-title" eyebrow="Watch" title="See a print made from start to finish">
            Two minutes from the shutter click to a finished lenticular print in a guest's hand.
          </SectionHeading>
          <VideoFacade
            slot="how_it_works"
            title="How LentiBooth works"
            poster={posterUrl}
            className="mt-10"
          />
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <ButtonLink to={paths.pricing}>See pricing</ButtonLink>
            <ContactUsLink />
          </div>
        </div>
      </section>
    </>
  );
}
