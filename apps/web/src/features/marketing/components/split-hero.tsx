import type { ReactNode } from 'react';

/** The two looks of the page-opening hero: brand gradient (landing) or dark ink (case study). */
const TONES = {
  light: {
    section: 'relative overflow-hidden bg-gradient-to-b from-brand-50 to-white',
    padding: 'pb-16 pt-12 lg:pb-24 lg:pt-20',
    eyebrow: 'text-brand-700',
    title: 'text-ink sm:text-5xl lg:text-6xl',
    intro: 'max-w-xl text-slate-700',
    ring: 'ring-black/5',
  },
  dark: {
    section: 'bg-ink text-white',
    padding: 'py-12 lg:py-20',
    eyebrow: 'text-cyan-300',
    title: 'lg:text-5xl',
    intro: 'text-slate-300',
    ring: 'ring-white/10',
  },
} as const;

/**
 * A public page's opening: eyebrow, h1, intro and optional actions beside the page's large image,
 * which is the largest paint, so it loads first (eager, high priority) at a fixed size.
 */
export function SplitHero({
  tone,
  eyebrow,
  title,
  intro,
  image,
  children,
}: {
  tone: keyof typeof TONES;
  eyebrow: string;
  title: ReactNode;
  intro: ReactNode;
  image: { src: string; alt: string; height: number };
  children?: ReactNode;
}) {
  const t = TONES[tone];
  return (
    <section className={t.section}>
      <div className={`mx-auto grid max-w-7xl items-center gap-10 px-4 ${t.padding} lg:grid-cols-2 lg:gap-16 lg:px-8`}>
        <div>
          <p className={`text-sm font-semibold uppercase tracking-wider ${t.eyebrow}`}>{eyebrow}</p>
          <h1 className={`mt-3 text-4xl font-extrabold leading-tight tracking-tight ${t.title}`}>{title}</h1>
          <p className={`mt-6 text-lg leading-relaxed ${t.intro}`}>{intro}</p>
          {children}
        </div>
        <img
          src={image.src}
          alt={image.alt}
          width={1200}
          height={image.height}
          fetchPriority="high"
          className={`h-auto w-full rounded-3xl shadow-2xl ring-1 ${t.ring}`}
        />
      </div>
    </section>
  );
}
