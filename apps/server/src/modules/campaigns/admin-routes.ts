import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAudienceCount, ZCampaign, ZCampaignDraft, ZCampaignKind, ZCampaignPage, ZCampaignPreview } from '@lbs/domain/campaigns';
import { ZMessage } from '@lbs/domain/responses';
import { ZPaging } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { BEARER, BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { auditActorOf } from '../audit/record-admin-action';
import { countAudience } from './audience';
import { getCampaign, listCampaigns } from './list-campaigns';
import { previewCampaign, sendTestCampaign } from './preview-campaign';
import { createCampaign, updateCampaign } from './save-campaign';
import { sendCampaign } from './send-campaign';

const ZCampaignParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const EXAMPLE = {
  kind: 'announcement' as const,
  subject: 'LentiBooth 2.4 is out',
  body: 'LentiBooth 2.4 prints 3D cards twice as fast.\n\nUpdate from Resources in your account.',
};

/** ANNOUNCEMENTS (issue 22): the owner's campaigns to customers. Registered in the admin scope. */
export async function campaignAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.get(
    '/admin/campaigns',
    {
      schema: {
        summary: 'Campaigns, newest first, paged, each with its audience and sent, failed, skipped and pending counts',
        querystring: ZPaging,
        response: { 200: ZCampaignPage, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => listCampaigns(db, req.query),
  );

  r.get(
    '/admin/campaigns/audience-count',
    {
      schema: {
        summary: 'How many customers a campaign of this kind would reach now',
        description: 'Customers (not admins) with a verified address whose choice for the kind is on: announcements on, or promotional emails turned on (off until they consent).',
        querystring: z.object({ kind: ZCampaignKind }),
        response: { 200: ZAudienceCount, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => ({ kind: req.query.kind, count: await countAudience(db, req.query.kind) }),
  );

  r.post(
    '/admin/campaigns',
    {
      schema: {
        summary: 'Write a campaign draft',
        description: 'The body is plain text; a blank line starts a new paragraph. Nothing is sent until the draft is sent.',
        body: withExample(ZCampaignDraft, EXAMPLE),
        response: { 201: ZCampaign, ...errors(...BODY_ERRORS, 401, 403) },
        security: BEARER,
      },
    },
    async (req, reply) => reply.status(201).send(await createCampaign(db, await auditActorOf(req), req.body)),
  );

  r.get(
    '/admin/campaigns/:id',
    {
      schema: { summary: 'One campaign with its counts', params: ZCampaignParams, response: { 200: ZCampaign, ...errors(400, 401, 403, 404) }, security: BEARER },
    },
    async (req) => getCampaign(db, req.params.id),
  );

  r.put(
    '/admin/campaigns/:id',
    {
      schema: {
        summary: 'Edit a draft',
        description: 'A campaign already sent (or being sent) answers 409.',
        params: ZCampaignParams,
        body: withExample(ZCampaignDraft, EXAMPLE),
        response: { 200: ZCampaign, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
        security: BEARER,
      },
    },
    async (req) => updateCampaign(db, await auditActorOf(req), req.params.id, req.body),
  );

  r.get(
    '/admin/campaigns/:id/preview',
    {
      schema: {
        summary: 'The mail as a customer gets it (HTML, text and headers), made out to the signed-in admin',
        params: ZCampaignParams,
        response: { 200: ZCampaignPreview, ...errors(400, 401, 403, 404) },
        security: BEARER,
      },
    },
    async (req) => previewCampaign(db, (await auditActorOf(req)).id, req.params.id, ctx.config.publicUrl),
  );

  r.post(
    '/admin/campaigns/:id/test',
    {
      schema: {
        summary: 'Mail the campaign to the signed-in admin’s own address only, marked [Test]',
        params: ZCampaignParams,
        response: { 200: ZMessage, ...errors(400, 401, 403, 404) },
        security: BEARER,
      },
    },
    async (req) => sendTestCampaign(db, await auditActorOf(req), req.params.id, ctx.config.publicUrl),
  );

  r.post(
    '/admin/campaigns/:id/send',
    {
      schema: {
        summary: 'Send a draft to its audience, once',
        description:
          'Queues one mail per customer in the audience at this moment, through the outbox; each is rendered and the customer’s choice checked again at delivery. A second send of the same campaign (a double click, a retry, another process) answers 409 and queues nothing.',
        params: ZCampaignParams,
        response: { 200: ZCampaign, ...errors(400, 401, 403, 404, 409) },
        security: BEARER,
      },
    },
    async (req) => sendCampaign(db, await auditActorOf(req), req.params.id),
  );
}
