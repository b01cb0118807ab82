import heroUrl from '../../../assets/art/case-hero.svg';
import y2017Url from '../../../assets/art/case-2017.svg';
import y2018Url from '../../../assets/art/case-2018.svg';
import y2019Url from '../../../assets/art/case-2019-jakarta.svg';
import y2020Url from '../../../assets/art/case-2020.svg';
import grid1Url from '../../../assets/art/grid-1.svg';
import grid2Url from '../../../assets/art/grid-2.svg';
import grid3Url from '../../../assets/art/grid-3.svg';
import grid4Url from '../../../assets/art/grid-4.svg';
import gallery1Url from '../../../assets/art/gallery-1.svg';
import gallery2Url from '../../../assets/art/gallery-2.svg';
import gallery3Url from '../../../assets/art/gallery-3.svg';
import gallery4Url from '../../../assets/art/gallery-4.svg';
import gallery5Url from '../../../assets/art/gallery-5.svg';
import gallery6Url from '../../../assets/art/gallery-6.svg';
import gallery7Url from '../../../assets/art/gallery-7.svg';
import gallery8Url from '../../../assets/art/gallery-8.svg';
import print1Url from '../../../assets/art/print-1.svg';
import print2Url from '../../../assets/art/print-2.svg';
import print3Url from '../../../assets/art/print-3.svg';
import print4Url from '../../../assets/art/print-4.svg';
import print5Url from '../../../assets/art/print-5.svg';
import print6Url from '../../../assets/art/print-6.svg';
import print7Url from '../../../assets/art/print-7.svg';
import print8Url from '../../../assets/art/print-8.svg';
import { ButtonLink } from '../../../components/ui/button';
import { usePageMeta } from '../../../lib/page-meta';
import { paths } from '../../../config/paths';
import { LoopingRow, type LoopImage } from '../components/looping-row';
import { ContactUsLink } from '../components/contact-us-link';
import { SplitHero } from '../components/split-hero';

interface Milestone {
  years: string;
  title: string;
  events: string;
  image: string;
  alt: string;
  text: string;
}

const TIMELINE: readonly Milestone[] = [
  {
    years: '2017-2018',
    title: 'Immediate Success',
    events: 'Over 200 events',
    image: y2017Url,
    alt: 'The first Snapstory lenticular booth at a hotel ballroom in 2017',
    text: 'Snapstory launched in 2017 with a single booth and one idea: give guests a print that moves. Word spread from wedding to wedding, and the first year closed with over 200 events.',
  },
  {
    years: '2018-2019',
    title: 'Doubling Impact',
    events: 'Over 400 events',
    image: y2018Url,
    alt: 'Two Snapstory booths printing side by side at a garden wedding',
    text: 'A second booth, a trained crew and corporate clients who booked again for every launch. In its second year Snapstory doubled its reach to over 400 events.',
  },
  {
    years: '2019',
    title: "Entering Jakarta's Thriving Market",
    events: 'Over 800 events combined',
    image: y2019Url,
    alt: 'A Snapstory booth at an event in Jakarta with the city skyline behind',
    text: 'With a local partner, Snapstory opened in Jakarta. Indonesian weddings and brand activations embraced lenticular prints, and the two cities together passed 800 events.',
  },
  {
    years: '2020-2023',
    title: 'Resilience and Rebound',
    events: 'Over 1,000 events',
    image: y2020Url,
    alt: 'A home studio setup used for virtual events in 2020',
    text: 'When gatherings stopped, Snapstory mailed lenticular keepsakes from virtual events. When they returned, demand came back stronger, and the business went past 1,000 events.',
  },
];

const GRID = [
  { src: grid1Url, alt: 'A bride and groom holding their lenticular print' },
  { src: grid2Url, alt: 'A corporate awards night with a lenticular booth beside the stage' },
  { src: grid3Url, alt: 'A concert crowd with guests showing their prints' },
  { src: grid4Url, alt: 'A product launch with a branded lenticular booth' },
] as const;

const EVENT_ROW: readonly LoopImage[] = [
  [gallery1Url, 'A guest holding a freshly printed lenticular photo'],
  [gallery2Url, 'A lenticular booth glowing at an evening party'],
  [gallery3Url, 'A lenticular luggage tag on a suitcase'],
  [gallery4Url, 'A fan of lenticular prints on a table'],
  [gallery5Url, 'Two guests posing at the booth'],
  [gallery6Url, 'A print being rolled onto a lenticular sheet'],
  [gallery7Url, 'Guests celebrating at a company party'],
  [gallery8Url, 'Framed lenticular prints on a wall'],
].map(([src, alt]) => ({ src: src!, alt: alt!, width: 400, height: 300 }));

const PRINT_ROW: readonly LoopImage[] = [
  [print1Url, 'A wedding print of a couple under a flower arch'],
  [print2Url, 'A birthday print of a family of four'],
  [print3Url, 'A corporate gala print of the Singapore skyline at night'],
  [print4Url, 'A graduation print with a cap in the air'],
  [print5Url, 'A festival print of friends laughing'],
  [print6Url, 'A brand-activation print with a logo'],
  [print7Url, 'A luggage-tag print of a dancing couple'],
  [print8Url, 'A family-day print of a toddler blowing bubbles'],
].map(([src, alt]) => ({ src: src!, alt: alt!, width: 400, height: 300 }));

export function CaseStudyPage() {
  usePageMeta({
    title: 'Case Study · How Snapstory Booths grew to 1,000+ events with LentiBooth',
    description:
      'From one booth in Singapore in 2017 to over 1,000 events across Singapore and Jakarta: the story of a photo-booth business built on 3D lenticular prints.',
  });
  return (
    <>
      <SplitHero
        tone="dark"
        eyebrow="Case Study"
        title="From one booth to over 1,000 events"
        intro="How Snapstory Booths, a Singapore photo-booth business, built its name on 3D lenticular prints and carried it to Jakarta."
        image={{ src: heroUrl, alt: 'A Snapstory lenticular booth at a rooftop party over the Singapore skyline', height: 700 }}
      />

      <section aria-label="Timeline" className="mx-auto max-w-6xl px-4 py-16 lg:px-8 lg:py-24">
        <ol className="space-y-16 lg:space-y-24">
          {TIMELINE.map((m, i) => (
            <li key={m.years} data-milestone={m.years}>
              <div className="grid items-center gap-8 lg:grid-cols-2 lg:gap-16">
                <img
                  src={m.image}
                  alt={m.alt}
                  width={800}
                  height={600}
                  loading="lazy"
                  className={`h-auto w-full rounded-2xl shadow-lg ${i % 2 ? 'lg:order-2' : ''}`}
                />
                <div>
                  <p className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-bold text-brand-700">{m.years}</p>
                  <h2 className="mt-3 text-3xl font-bold text-ink">{m.title}</h2>
                  <p className="mt-2 text-lg font-semibold text-emerald-700">{m.events}</p>
                  <p className="mt-4 leading-relaxed text-slate-600">{m.text}</p>
                </div>
              </div>
              {m.years === '2020-2023' ? (
                <ul className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Events from 2020 to 2023" data-image-grid>
                  {GRID.map((g) => (
                    <li key={g.src}>
                      <img src={g.src} alt={g.alt} width={600} height={400} loading="lazy" className="h-auto w-full rounded-xl shadow" />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="continued-title" className="overflow-hidden bg-slate-50 py-16 lg:py-24">
        <div className="mx-auto max-w-3xl px-4 text-center">
          <h2 id="continued-title" className="text-3xl font-bold text-ink lg:text-4xl">
            Continued Success
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Today Snapstory runs booths every weekend in two cities. A few of the moments, and the prints guests took home.
          </p>
        </div>
        <div className="mt-12 space-y-4">
          <LoopingRow images={EVENT_ROW} label="Events by Snapstory" />
          <LoopingRow images={PRINT_ROW} reverse label="Lenticular prints from Snapstory events" />
        </div>
        <div className="mt-12 flex flex-wrap justify-center gap-3 px-4">
          <ButtonLink to={paths.pricing}>Start your own story</ButtonLink>
          <ContactUsLink />
        </div>
      </section>
    </>
  );
}
