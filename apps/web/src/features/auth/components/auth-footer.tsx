import { Link } from 'react-router';
import { COPYRIGHT_YEAR, LEGAL_LINKS } from '../../../config/site-nav';

/** The slim footer of the auth screens: a copyright line with terms, privacy and EULA. */
export function AuthFooter() {
  return (
    <footer className="py-6 text-center text-xs text-slate-500">
      <p>
        © {COPYRIGHT_YEAR} LentiBooth Pte. Ltd. ·{' '}
        {LEGAL_LINKS.map((l, i) => (
          <span key={l.to}>
            {i > 0 ? ' · ' : ''}
            <Link to={l.to} className="hover:text-brand-700 hover:underline">
              {l.label}
            </Link>
          </span>
        ))}
      </p>
    </footer>
  );
}
