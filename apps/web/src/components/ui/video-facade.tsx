import { useEffect, useRef, useState } from 'react';
import { SOCIAL_LINKS } from '@lbs/domain/contact-info';
import { loadPublicConfig, type VideoSlot } from '../../lib/public-config';

const YOUTUBE_CHANNEL = SOCIAL_LINKS.find((s) => s.name === 'YouTube')?.url;

/**
 * A poster with a play button; the third-party player is loaded only when the visitor clicks
 * it, so no video script or cookie reaches a page that is merely viewed. Which video plays is
 * server configuration (VIDEO_URL_*, read from GET /api/config/public when the poster nears the
 * viewport); with none configured the poster points to the YouTube channel instead.
 */
export function VideoFacade({
  slot,
  title,
  poster,
  className = '',
}: {
  slot: VideoSlot;
  title: string;
  /** A 16:9 image like the frame, drawn at 1280 × 720 (the size the img declares). */
  poster: string;
  className?: string;
}) {
  // undefined: not known yet; null: no video configured
  const [src, setSrc] = useState<string | null | undefined>(undefined);
  const [playing, setPlaying] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let live = true;
    const load = () =>
      loadPublicConfig().then(
        (config) => {
          if (live) setSrc(config.videos[slot]);
        },
        // Unreachable: the poster stays playable, and a click asks again.
        () => undefined,
      );
    if (typeof IntersectionObserver === 'undefined') {
      void load();
      return () => {
        live = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void load();
        }
      },
      { rootMargin: '400px' },
    );
    observer.observe(el);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [slot]);

  const play = async () => {
    if (src) {
      setPlaying(true);
      return;
    }
    setWaiting(true);
    const config = await loadPublicConfig().catch(() => null);
    setWaiting(false);
    setUnreachable(!config);
    if (!config) return;
    setSrc(config.videos[slot]);
    if (config.videos[slot]) setPlaying(true);
  };

  // Without a configured video the caption sits under the poster, not over it: laid over the
  // bottom of a phone-sized poster it hid the numbered steps the poster shows.
  const caption =
    !playing && src === null ? (
      <p className="bg-ink px-4 py-3 text-center text-sm text-white">
        {title}
        {YOUTUBE_CHANNEL ? (
          <>
            {' · '}
            <a
              href={YOUTUBE_CHANNEL}
              target="_blank"
              rel="noreferrer noopener"
              className="font-semibold underline"
            >
              Watch our videos on YouTube
            </a>
          </>
        ) : null}
      </p>
    ) : null;
  return (
    <div
      className={`overflow-hidden rounded-2xl bg-ink shadow-xl ring-1 ring-black/5 ${className}`}
    >
      <div ref={box} className="relative aspect-video">
        {playing && src ? (
          <iframe
            src={src}
            title={title}
            className="absolute inset-0 h-full w-full"
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <>
            <img
              src={poster}
              alt=""
              width={1280}
              height={720}
              loading="lazy"
              decoding="async"
              className="absolute inset-0 h-full w-full object-cover"
            />
            {src === null ? null : (
              <button
                type="button"
                onClick={play}
                disabled={waiting}
                aria-label={`Play video: ${title}`}
                className="group absolute inset-0 flex items-center justify-center bg-ink/10 transition-colors hover:bg-ink/25"
              >
                <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 shadow-lg ring-4 ring-white/40 transition-transform group-hover:scale-110 lg:h-20 lg:w-20">
                  <svg
                    viewBox="0 0 24 24"
                    width={28}
                    height={28}
                    aria-hidden
                    className="ml-1 text-brand-600"
                  >
                    <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
                  </svg>
                </span>
              </button>
            )}
            {unreachable ? (
              <p
                role="status"
                className="absolute inset-x-0 bottom-0 bg-ink/80 px-4 py-3 text-center text-sm text-white"
              >
                The video could not be loaded. Please check your connection and try again.
              </p>
            ) : null}
          </>
        )}
      </div>
      {caption}
    </div>
  );
}
