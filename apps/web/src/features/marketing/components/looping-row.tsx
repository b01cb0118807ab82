/** Each image slides past in this long (spec §9: looping rows, slide speed 2000 ms). */
const LOOP_SLIDE_MS = 2000;

export interface LoopImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/**
 * An endless row: the images twice in a row, the track moved left (or right) by exactly one set
 * per cycle, so the seam never shows. Pure CSS, so it keeps running whatever the visitor does
 * (no stop on interaction); only a "reduce motion" system setting holds it still.
 */
export function LoopingRow({ images, reverse = false, label }: { images: readonly LoopImage[]; reverse?: boolean; label: string }) {
  const doubled = [...images, ...images];
  return (
    <div className="loop-row overflow-hidden" role="region" aria-label={label}>
      <ul
        className={`loop-track flex w-max gap-4 ${reverse ? 'loop-track-reverse' : ''}`}
        style={{ animationDuration: `${images.length * LOOP_SLIDE_MS}ms` }}
        data-loop-track
      >
        {doubled.map((img, i) => {
          const copy = i >= images.length;
          return (
            <li key={i} className="w-56 shrink-0 sm:w-72" aria-hidden={copy || undefined}>
              <img
                src={img.src}
                alt={copy ? '' : img.alt}
                width={img.width}
                height={img.height}
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] h-auto w-full rounded-xl object-cover shadow-md"
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
