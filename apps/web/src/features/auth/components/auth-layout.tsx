import type { ReactNode } from 'react';
import { Link } from 'react-router';
import logoUrl from '../../../assets/art/logo.svg';
import heroUrl from '../../../assets/art/hero-booth.svg';
import { AuthFooter } from './auth-footer';
import { paths } from '../../../config/paths';
import { COPY } from '../auth-copy';

/** The link under the card: an optional question, then where to go instead. */
export interface BelowLink {
  prompt?: string;
  to: string;
  label: string;
}

export const BACK_TO_LOGIN: BelowLink = { to: paths.login, label: COPY.backToLogin };

/**
 * The frame of the auth screens: on desktop a brand panel beside the form, on small screens the
 * form alone under the logo; the slim auth footer below.
 */
export function AuthLayout({ title, subtitle, children, below }: { title: string; subtitle?: ReactNode; children: ReactNode; below?: BelowLink }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 lg:flex-row">
      <aside className="relative hidden flex-col justify-between overflow-hidden bg-gradient-to-br from-brand-900 via-ink to-brand-700 p-12 text-white lg:flex lg:w-[44%] xl:p-16">
        {/* The logo's colours need a light ground; inverting it would flatten the mark. */}
        <Link to={paths.home} aria-label="LentiBooth home" className="w-fit rounded-xl bg-white px-3 py-2 shadow-lg">
          <img src={logoUrl} alt="LentiBooth" width={165} height={36} className="h-8 w-auto" />
        </Link>
        <div>
          <p className="text-3xl font-bold leading-tight xl:text-4xl">
            Prints that move. <span className="shimmer-text">Memories that stay.</span>
          </p>
          <p className="mt-4 max-w-md text-base text-indigo-100">
            Turn every guest photo into a 3D lenticular keepsake, right at your booth.
          </p>
          <img src={heroUrl} alt="" width={1200} height={800} className="mt-10 w-full max-w-xl rounded-2xl shadow-2xl ring-1 ring-white/10" />
        </div>
        <p className="text-sm text-indigo-200">Trusted by photo-booth operators in Singapore, Jakarta and beyond.</p>
      </aside>
      <div className="flex flex-1 flex-col">
        <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:px-8">
          <div className="w-full max-w-md">
            <Link to={paths.home} aria-label="LentiBooth home" className="mb-8 block w-fit lg:hidden">
              <img src={logoUrl} alt="LentiBooth" width={165} height={36} className="h-9 w-auto" />
            </Link>
            <h1 className="text-2xl font-bold text-ink sm:text-3xl">{title}</h1>
            {subtitle ? <div className="mt-2 text-sm text-slate-600">{subtitle}</div> : null}
            <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">{children}</div>
            {below ? (
              <div className="mt-6 text-center text-sm text-slate-600">
                {below.prompt ? `${below.prompt} ` : null}
                <Link to={below.to} className="font-semibold text-brand-700 hover:underline">
                  {below.label}
                </Link>
              </div>
            ) : null}
          </div>
        </div>
        <AuthFooter />
      </div>
    </div>
  );
}
