import { Link } from 'react-router';
import { MSG } from '@lbs/domain/messages';
import { paths } from '../../config/paths';
import { buttonClass } from '../../components/ui/button';

export function NotFoundPage() {
  return (
    <section className="flex min-h-screen flex-col items-center justify-center gap-6 bg-gradient-to-b from-brand-50 to-white px-6 text-center">
      <p className="shimmer-text text-7xl font-extrabold">404</p>
      <h1 className="text-2xl font-bold text-ink">{MSG.notFoundPage}</h1>
      <Link to={paths.home} className={buttonClass('primary')}>
        Go to the home page
      </Link>
    </section>
  );
}
