import type { ReactNode, SVGProps } from 'react';

// Small inline icons (no icon font, nothing to download), drawn in a 24-unit box.
export type IconProps = SVGProps<SVGSVGElement> & { title?: string };

/**
 * The one icon wrapper: an icon component that draws `shape` at `size` px, in the text colour.
 * Decorative (hidden from screen readers) unless given a title. Calls have no side effects, so
 * an icon nobody imports is dropped from the bundle.
 */
/* @__NO_SIDE_EFFECTS__ */
export function icon(shape: ReactNode, size = 24) {
  return function Icon({ title, ...rest }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={title ? undefined : true}
        role={title ? 'img' : undefined}
        {...rest}
      >
        {title ? <title>{title}</title> : null}
        {shape}
      </svg>
    );
  };
}

export const CartIcon = icon(<><circle cx="9" cy="20" r="1.5" /><circle cx="18" cy="20" r="1.5" /><path d="M2 3h3l2.5 12.5h12L22 7H6.2" /></>);
export const BellIcon = icon(<><path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8" /><path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" /></>);
export const MenuIcon = icon(<path d="M3 6h18M3 12h18M3 18h18" />);
export const CloseIcon = icon(<path d="M6 6l12 12M18 6L6 18" />);
export const EyeIcon = icon(<><path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" /><circle cx="12" cy="12" r="3" /></>);
export const EyeOffIcon = icon(<><path d="M3 3l18 18M10.6 5.1A10.6 10.6 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6A17.4 17.4 0 0 0 2 12s3.5 7 10 7a10 10 0 0 0 5.4-1.6" /><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" /></>);
export const FacebookIcon = icon(<path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V9H7v3h2v9h3v-9h2.5l.5-3h-3V6.8c0-.5.4-.8.8-.8H15z" />);
export const InstagramIcon = icon(<><rect x="3" y="3" width="18" height="18" rx="5" /><circle cx="12" cy="12" r="4" /><circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" /></>);
export const YoutubeIcon = icon(<><rect x="2" y="5" width="20" height="14" rx="4" /><path d="M10 9l5 3-5 3z" fill="currentColor" /></>);
export const WhatsappIcon = icon(<><path d="M3 21l1.6-4.8A8.5 8.5 0 1 1 8 19.6z" /><path d="M9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 1c-1.2-.5-2.5-1.8-3-3l1-1-1-2z" /></>);
export const CheckIcon = icon(<path d="M5 12l5 5L20 7" />);
export const MinusIcon = icon(<path d="M5 12h14" />);
export const PlusIcon = icon(<path d="M12 5v14M5 12h14" />);
export const CopyIcon = icon(<><rect x="9" y="9" width="12" height="12" rx="2" /><path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" /></>, 20);
export const DownloadIcon = icon(<path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />, 20);

// At 20 px: the account area's and the notifications' icons (decorative beside their text).
export const ProductsIcon = icon(<><path d="M21 8 12 3 3 8v8l9 5 9-5z" /><path d="M3 8l9 5 9-5M12 13v8" /></>, 20);
// A booth: a screen on a stand, its camera in view (the account menu's Booths, the empty fleet).
export const BoothsIcon = icon(<><rect x="3" y="3" width="18" height="12" rx="2" /><path d="M12 15v6M8 21h8" /><circle cx="12" cy="9" r="2.5" /></>, 20);
export const KeyIcon = icon(<><circle cx="7.5" cy="15.5" r="4.5" /><path d="m10.7 12.3 9.3-9.3M16 7l3 3M14 9l2 2" /></>, 20);
export const TruckIcon = icon(<><path d="M1 4h13v12H1zM14 8h4l4 4v4h-8" /><circle cx="5.5" cy="18.5" r="2" /><circle cx="18.5" cy="18.5" r="2" /></>, 20);
export const AlertIcon = icon(<><path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" /><path d="M12 9v4M12 17h.01" /></>, 20);
export const MailIcon = icon(<><rect x="2" y="4" width="20" height="16" rx="2" /><path d="m22 7-10 6L2 7" /></>, 20);
export const ClockIcon = icon(<><circle cx="12" cy="12" r="9" /><path d="M12 7v5l3 2" /></>, 20);
