import { Link } from 'react-router';
import logoUrl from '../../assets/art/logo-light.svg';
import { CONTACT_EMAIL, CONTACT_PHONE, CONTACT_PHONE_TEL, SOCIAL_LINKS, WHATSAPP_URL } from '@lbs/domain/contact-info';
import { FacebookIcon, InstagramIcon, WhatsappIcon, YoutubeIcon } from '../../components/ui/icons';
import { COPYRIGHT_YEAR, FOOTER_LINKS, LEGAL_LINKS } from '../../config/site-nav';

const SOCIAL_ICONS: Record<string, (p: { className?: string }) => React.ReactNode> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  youtube: YoutubeIcon,
};

export function SocialIcons({ className = '' }: { className?: string }) {
  return (
    <ul className={`flex items-center gap-3 ${className}`}>
      {SOCIAL_LINKS.map((s) => {
        const Icon = SOCIAL_ICONS[s.name.toLowerCase()] ?? YoutubeIcon;
        return (
          <li key={s.name}>
            <a href={s.url} target="_blank" rel="noreferrer noopener" aria-label={s.name} className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/10 hover:bg-white/20">
              <Icon className="h-5 w-5" />
            </a>
          </li>
        );
      })}
      <li>
        <a href={WHATSAPP_URL} target="_blank" rel="noreferrer noopener" aria-label="WhatsApp" className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/10 hover:bg-white/20">
          <WhatsappIcon className="h-5 w-5" />
        </a>
      </li>
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
          <ul className="mt-4 grid grid-cols-2 gap-2 text-sm">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
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
          <ul className="flex gap-4">
            {LEGAL_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
