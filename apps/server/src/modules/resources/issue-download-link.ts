import { MSG } from '@lbs/domain/messages';
import type { AppContext } from '../../app-context';
import { forbidden, notFound, unauthorized } from '../../lib/app-error';
import { issueSessionTicket, verifySessionTicket } from '../auth/session-ticket';
import { hasCurrentLicense } from '../licenses/current-license-summary';
import { findAppDownload } from './app-download';

const DOWNLOAD_LINK_TTL_MS = 5 * 60_000;

/** GET /subscriptions/download-app: a five-minute link to the installer, tied to the caller's session. */
export async function issueDownloadLink(ctx: AppContext, sessionId: number | null) {
  if (!(await findAppDownload(ctx.config))) throw notFound(MSG.appDownloadUnavailable);
  if (sessionId === null) throw unauthorized();
  const { ticket, expiresAt } = await issueSessionTicket(ctx.db, sessionId, 'app-download', DOWNLOAD_LINK_TTL_MS);
  // From PUBLIC_URL, as every link we hand out: the Host header is the caller's to choose.
  const url = `${ctx.config.publicUrl}/api/subscriptions/download-app/file?ticket=${encodeURIComponent(ticket)}`;
  return { url, expires_at: expiresAt.toISOString() };
}

/**
 * GET /subscriptions/download-app/file: what a link from issueDownloadLink gets. An expired or
 * unknown link is 401; a licence that ended since it was issued, 403.
 */
export async function followDownloadLink(ctx: AppContext, ticket: string) {
  const who = await verifySessionTicket(ctx.db, ticket, 'app-download');
  if (!who) throw unauthorized('This download link has expired. Open Resources again for a new one.');
  if (!(await hasCurrentLicense(ctx.db, who.user.id))) throw forbidden(MSG.currentLicenseRequired);
  const download = await findAppDownload(ctx.config);
  if (!download) throw notFound(MSG.appDownloadUnavailable);
  return download;
}
