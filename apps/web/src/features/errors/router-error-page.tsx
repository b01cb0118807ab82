import { useRouteError } from 'react-router';
import { MSG } from '@lbs/domain/messages';
import { paths } from '../../config/paths';
import { buttonClass } from '../../components/ui/button';

/** The router's fallback when a screen throws while rendering or loading. */
export function RouterErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <section className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold text-ink">{MSG.routerError}</h1>
      <p className="text-slate-600">Something went wrong on this page. Please try again.</p>
      <a href={paths.home} className={buttonClass('primary')}>
        Back to the home page
      </a>
    </section>
  );
}
