import { useState, type ComponentType, type SVGProps } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { MSG } from '@lbs/domain/messages';
import posterUrl from '../../../assets/art/video-poster-tutorial.svg';
import { Button } from '../../../components/ui/button';
import { Pills } from '../../../components/ui/pills';
import { VideoFacade } from '../../../components/ui/video-facade';
import { apiRequest } from '../../../lib/api-request';
import { isApiError } from '../../../lib/api-error';
import { DownloadIcon } from '../../../components/ui/icons';
import { CameraIcon, MonitorIcon, PrinterIcon } from '../components/account-icons';
import { saveBlob } from '../../../lib/save-file';
import { paths } from '../../../config/paths';
import { useAppDownloadStatusQuery } from '../api';

interface Requirement {
  title: string;
  text: string;
  items: string[];
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const REQUIREMENTS: Requirement[] = [
  {
    title: 'Windows-based photo booth',
    text: 'LentiBooth runs on the Windows PC of your booth.',
    items: ['Windows PC', 'Internet for activation'],
    icon: MonitorIcon,
  },
  {
    title: 'Compatible DNP printer',
    text: 'Dye-sublimation printers we support:',
    items: ['DS-RX1HS', 'DS620', 'DP-QW410', 'DS820'],
    icon: PrinterIcon,
  },
  {
    title: 'Photo booth software',
    text: 'Works beside the booth software you already use:',
    items: ['Breeze', 'Touchpix', 'dslrBooth', 'Snappic'],
    icon: CameraIcon,
  },
];

/** Setup requirements, the tutorial and the downloads; the shell lets only licence holders in. */
export function ResourcesPage() {
  const [busy, setBusy] = useState<'guidebook' | 'app' | null>(null);
  // Asked up front, so a server without an app build shows that plainly instead of a button that fails.
  const appDownload = useAppDownloadStatusQuery();

  const downloadGuidebook = async () => {
    setBusy('guidebook');
    try {
      const pdf = await apiRequest<Blob>({
        url: '/subscriptions/download-guidebook',
        responseType: 'blob',
      });
      saveBlob(pdf, 'LentiBooth-Guidebook.pdf');
    } catch (e) {
      toast.error(isApiError(e) && e.status < 500 ? e.message : MSG.guidebookDownloadFailed);
    } finally {
      setBusy(null);
    }
  };

  const downloadApp = async () => {
    setBusy('app');
    try {
      const { url } = await apiRequest<{ url: string }>({ url: '/subscriptions/download-app' });
      // A short-lived signed link: the browser follows it like any download.
      window.location.assign(url);
    } catch (e) {
      toast.error(isApiError(e) ? e.message : MSG.unexpectedError);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Resources</h1>
      <p className="mt-2 text-slate-600">Everything you need to set up LentiBooth at your booth.</p>

      <section aria-labelledby="requirements-heading" className="mt-8">
        <h2 id="requirements-heading" className="text-xl font-semibold text-ink">
          Setup requirements
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {REQUIREMENTS.map((r) => (
            <li
              key={r.title}
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <r.icon className="h-6 w-6" />
              </span>
              <h3 className="mt-4 font-semibold text-ink">{r.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{r.text}</p>
              <Pills items={r.items} className="mt-3" />
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-10 grid gap-6 lg:grid-cols-5">
        <section aria-labelledby="tutorial-heading" className="lg:col-span-3">
          <h2 id="tutorial-heading" className="text-xl font-semibold text-ink">
            Video tutorial
          </h2>
          <VideoFacade
            slot="tutorial"
            title="LentiBooth tutorial video"
            poster={posterUrl}
            className="mt-4"
          />
        </section>

        <section aria-labelledby="downloads-heading" className="lg:col-span-2">
          <h2 id="downloads-heading" className="text-xl font-semibold text-ink">
            Downloads
          </h2>
          <ul className="mt-4 flex flex-col gap-4">
            <li className="rounded-2xl border border-slate-200 p-5">
              <h3 className="font-semibold text-ink">Guidebook (PDF)</h3>
              <p className="mt-1 text-sm text-slate-600">
                Installation, activation, printing workflow and troubleshooting.
              </p>
              <Button
                className="mt-4"
                variant="secondary"
                onClick={downloadGuidebook}
                disabled={busy !== null}
              >
                <DownloadIcon className="h-4 w-4" />
                {busy === 'guidebook' ? MSG.loading : 'Download the guidebook'}
              </Button>
            </li>
            <li className="rounded-2xl border border-slate-200 p-5">
              <h3 className="font-semibold text-ink">LentiBooth for Windows</h3>
              <p className="mt-1 text-sm text-slate-600">
                The desktop app. Activate it with a licence key from your Overview.
              </p>
              {appDownload.data?.available === false ? (
                <p
                  role="status"
                  className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
                >
                  {MSG.appDownloadUnavailable}{' '}
                  <Link to={paths.contactUs} className="font-semibold underline">
                    Go to the contact page
                  </Link>
                </p>
              ) : (
                <Button
                  className="mt-4"
                  onClick={downloadApp}
                  disabled={busy !== null || appDownload.isLoading}
                >
                  <DownloadIcon className="h-4 w-4" />
                  {busy === 'app' ? MSG.loading : 'Download the app'}
                </Button>
              )}
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}
