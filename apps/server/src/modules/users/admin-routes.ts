import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminUserQuery, ZEmailSuggestQuery, ZUserExportQuery } from '@lbs/domain/admin-queries';
import { ZAdminUserPage, ZEmailSuggestions } from '@lbs/domain/admin-responses';
import type { AppContext } from '../../app-context';
import { BEARER, binaryResponse, errors } from '../../lib/openapi';
import { exportFileName, exportUsersCsv } from './export-users-csv';
import { listUsers } from './list-users';
import { MAX_EMAIL_SUGGESTIONS, suggestEmails } from './suggest-emails';

const FILTERS =
  '`role` picks one role (default `user`, the customers); `q` searches email, first and last name (case-insensitive, anywhere in the text).';

/** The back office's user reads; registered in the admin scope, whose onRequest hook lets admins only. */
export async function userAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users',
    {
      schema: {
        summary: 'Accounts, newest first, paged, with verification and licence count',
        description: FILTERS,
        querystring: ZAdminUserQuery,
        response: { 200: ZAdminUserPage, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => listUsers(ctx.db, req.query),
  );

  r.get(
    '/users/email',
    {
      schema: {
        summary: 'Email addresses starting with what was typed (suggestions)',
        description: `Case-insensitive prefix match over every account, alphabetical, at most ${MAX_EMAIL_SUGGESTIONS}.`,
        querystring: ZEmailSuggestQuery,
        response: { 200: ZEmailSuggestions, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => ({ emails: await suggestEmails(ctx.db, req.query.query) }),
  );

  r.get(
    '/users/export',
    {
      schema: {
        summary: 'Every matching account as a CSV file (streamed)',
        description: `${FILTERS} RFC 4180 with a header row, newest first like the list; a cell that a spreadsheet would run as a formula starts with an apostrophe; created_at is a date and time a spreadsheet reads ('2026-11-26 06:57:09') in the exporting admin's time zone, which its header names ('created_at (Asia/Singapore)').`,
        querystring: ZUserExportQuery,
        response: { 200: binaryResponse('text/csv', 'users[-role-ROLE][-search-TEXT]-YYYY-MM-DD.csv, as an attachment, with a UTF-8 byte-order mark'), ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req, reply) => {
      // Dated by the admin's own display zone, as the screen names the file (the guard ran: signed in).
      const timeZone = (await req.currentUser())?.timeZone ?? ctx.config.BUSINESS_TIME_ZONE;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(req.query, new Date(), timeZone)}"`)
        .header('cache-control', 'private, no-store')
        .send(exportUsersCsv(ctx.db, req.query, timeZone));
    },
  );
}
