import { Link } from '../../lib/navigation';
import logoUrl from '../../assets/art/logo-light.svg';
import { CONTACT_EMAIL, CONTACT_PHONE, CONTACT_PHONE_TEL, SOCIAL_LINKS, WHATSAPP_URL } from '@lbs/domain/contact-info';
import { FacebookIcon, InstagramIcon, WhatsappIcon, YoutubeIcon } from '../../components/ui/icons';
import { COPYRIGHT_YEAR, FOOTER_LINKS, LEGAL_LINKS } from '../../config/site-nav';

type Icon = (p: { className?: string }) => React.ReactNode;

const SOCIAL_ICONS: Record<string, Icon> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  youtube: YoutubeIcon,
};

/** The social channels, then the WhatsApp sales hotline, each as a round icon link. */
const SOCIAL: ReadonlyArray<{ name: string; url: string; Icon: Icon }> = [
  ...SOCIAL_LINKS.map((s) => ({ name: s.name, url: s.url, Icon: SOCIAL_ICONS[s.name.toLowerCase()] ?? YoutubeIcon })),
  { name: 'WhatsApp', url: WHATSAPP_URL, Icon: WhatsappIcon },
];

function SocialIcons({ className = '' }: { className?: string }) {
  return (
    <ul className={`flex items-center gap-3 ${className}`}>
      {SOCIAL.map(({ name, url, Icon }) => (
        <li key={name}>
          <a href={url} target="_blank" rel="noreferrer noopener" aria-label={name} className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/10 hover:bg-white/20">
            <Icon className="h-5 w-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}

function FooterLinks({ links, className }: { links: ReadonlyArray<{ label: string; to: string }>; className: string }) {
  return (
    <ul className={className}>
      {links.map((l) => (
        <li key={l.to}>
          <Link to={l.to} className="hover:text-white hover:underline">
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SiteFooter() {
  return (
    <footer className="bg-ink text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-3 lg:px-8">
        <div>
          <img src={logoUrl} alt="LentiBooth" width={165} height={36} className="h-9 w-auto" />
          <p className="mt-4 max-w-xs text-sm text-slate-300">
            3D lenticular photo-booth software and accessories for event businesses in Singapore, Jakarta and beyond.
          </p>
          <SocialIcons className="mt-5" />
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Explore</h2>
          <FooterLinks links={FOOTER_LINKS} className="mt-4 grid grid-cols-2 gap-2 text-sm" />
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Contact</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <a href={`mailto:${CONTACT_EMAIL}`} className="hover:text-white hover:underline">
                {CONTACT_EMAIL}
              </a>
            </li>
            <li>
              <a href={CONTACT_PHONE_TEL} className="hover:text-white hover:underline">
                {CONTACT_PHONE}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between lg:px-8">
          <p>© {COPYRIGHT_YEAR} LentiBooth Pte. Ltd. All rights reserved.</p>
          <FooterLinks links={LEGAL_LINKS} className="flex gap-4" />
        </div>
      </div>
    </footer>
  );
}
