import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CUSTOMER_SEARCH_LIMIT,
  ZCustomerDetail,
  ZCustomerInvoicePage,
  ZCustomerLicensePage,
  ZCustomerListQuery,
  ZCustomerNotificationPage,
  ZCustomerOrderPage,
  ZCustomerParams,
  ZCustomerSearchQuery,
  ZCustomerSearchResult,
  ZCustomerTimelinePage,
} from '@lbs/domain/customer-page';
import type { AppContext } from '../../app-context';
import { BEARER, errors } from '../../lib/openapi';
import { findCustomer } from './find-customer';
import { listCustomerInvoices } from './list-customer-invoices';
import { listCustomerLicenses } from './list-customer-licenses';
import { listCustomerNotifications } from './list-customer-notifications';
import { listCustomerOrders } from './list-customer-orders';
import { listCustomerTimeline } from './list-customer-timeline';
import { searchCustomers } from './search-customers';

const PAGED = 'Newest first, paged on the server; an unknown customer answers 404.';

/** The back office's page per customer and the header's search; registered in the admin scope. */
export async function customerAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db;

  r.get(
    '/admin/customers/:id',
    {
      schema: {
        summary: 'One customer: profile, verification, sign-up, time zone, total spent and how many of each record',
        description: 'Total spent is the sum of their paid orders, in cents. An unknown customer answers 404.',
        params: ZCustomerParams,
        response: { 200: ZCustomerDetail, ...errors(400, 401, 403, 404) },
        security: BEARER,
      },
    },
    async (req) => findCustomer(db, req.params.id),
  );

  const lists = [
    ['orders', 'The customer’s orders with their lines, every payment state', ZCustomerOrderPage, listCustomerOrders],
    ['invoices', 'The customer’s invoices', ZCustomerInvoicePage, listCustomerInvoices],
    ['licenses', 'The customer’s licences, current or not, each with its device (name, app version, last seen)', ZCustomerLicensePage, listCustomerLicenses],
    ['notifications', 'What the customer was notified of (read-only here)', ZCustomerNotificationPage, listCustomerNotifications],
    [
      'timeline',
      'Everything that happened to the customer: sign-up, verification, orders and payments, invoices, licences, device changes and admin actions',
      ZCustomerTimelinePage,
      listCustomerTimeline,
    ],
  ] as const;
  for (const [path, summary, response, list] of lists) {
    r.get(
      `/admin/customers/:id/${path}`,
      {
        schema: {
          summary,
          description: PAGED,
          params: ZCustomerParams,
          querystring: ZCustomerListQuery,
          response: { 200: response, ...errors(400, 401, 403, 404) },
          security: BEARER,
        },
      },
      // The licences' renewal state is judged on the account area's clock (ctx.clock), as LICENSES does.
      async (req) => list(db, req.params.id, req.query, ctx.clock.now()),
    );
  }

  r.get(
    '/admin/search',
    {
      schema: {
        summary: 'Find customers by email or name start, order number, invoice number or licence key',
        description:
          `At most ${CUSTOMER_SEARCH_LIMIT} accounts, each with what matched: a licence key in any case or grouping, ` +
          'an order number ("#1042"), an invoice number ("INV-001042", "INV-1042", "1042", "#1042"), or an email address or a name starting with the text (any case).',
        querystring: ZCustomerSearchQuery,
        response: { 200: ZCustomerSearchResult, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => searchCustomers(db, req.query.q),
  );
}
