import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { safeString } from '@lbs/domain/schemas';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@lbs/domain/messages';
import { ZAppDownloadStatus, ZDownloadLink } from '@lbs/domain/responses';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/guards';
import { forbidden } from '../../lib/app-error';
import { callerKey } from '../../lib/caller-key';
import { BEARER, binaryResponse, errors, redirectResponse, TICKET } from '../../lib/openapi';
import { hasCurrentLicense } from '../licenses/current-license-summary';
import { guidebookPdf } from './guidebook-pdf';
import { findAppDownload } from './app-download';
import { followDownloadLink, issueDownloadLink } from './issue-download-link';

const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Resources for licence holders: the guidebook and the desktop app. */
export async function resourceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const requireCurrentLicense = async (req: FastifyRequest) => {
    if (!(await hasCurrentLicense(ctx.db, req.user.id))) throw forbidden(MSG.currentLicenseRequired);
  };

  r.get(
    '/subscriptions/download-guidebook',
    {
      schema: {
        tags: ['resources'],
        summary: 'The guidebook PDF (current licence holders)',
        response: { 200: binaryResponse('application/pdf', 'The guidebook, as an attachment'), ...errors(401, 403, 429) },
        security: BEARER,
      },
      onRequest: [requireUser, requireCurrentLicense],
      config: { rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: callerKey } },
    },
    async (_req, reply) => {
      const pdf = await guidebookPdf();
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('LentiBooth-Guidebook.pdf'))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.get(
    '/subscriptions/download-app/status',
    {
      schema: {
        tags: ['resources'],
        summary: 'Whether a desktop app build is configured (current licence holders)',
        description: 'APP_DOWNLOAD_URL, or a file in DATA_DIR/downloads. The Resources page shows a plain notice instead of a download button when there is none.',
        response: { 200: ZAppDownloadStatus, ...errors(401, 403, 429) },
        security: BEARER,
      },
      onRequest: [requireUser, requireCurrentLicense],
      config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: callerKey } },
    },
    async () => ({ available: (await findAppDownload(ctx.config)) !== null }),
  );

  r.get(
    '/subscriptions/download-app',
    {
      schema: {
        tags: ['resources'],
        summary: 'A five-minute download link for the desktop app (current licence holders)',
        description: '404 when no app build is configured on this server.',
        response: { 200: ZDownloadLink, ...errors(401, 403, 404, 429) },
        security: BEARER,
      },
      onRequest: [requireUser, requireCurrentLicense],
      config: { rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: callerKey } },
    },
    async (req) => issueDownloadLink(ctx, await req.currentSessionId()),
  );

  r.get(
    '/subscriptions/download-app/file',
    {
      schema: {
        tags: ['resources'],
        summary: 'Follows a download link from GET /subscriptions/download-app',
        description: 'An expired or unknown link answers 401; a licence that ended since, 403.',
        querystring: z.object({ ticket: safeString().min(1).max(300) }),
        response: {
          200: binaryResponse('application/octet-stream', 'The desktop app installer, as an attachment'),
          302: redirectResponse('The installer is hosted elsewhere'),
          ...errors(400, 401, 403, 404, 429),
        },
        security: TICKET,
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const download = await followDownloadLink(ctx, req.query.ticket);
      reply.header('cache-control', 'private, no-store');
      if (download.kind === 'url') return reply.redirect(download.url, 302);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(download.size))
        .header('content-disposition', contentDisposition(download.name))
        .send(createReadStream(download.path));
    },
  );
}
