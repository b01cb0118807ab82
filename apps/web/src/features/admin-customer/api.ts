import type {
  TCustomerDetail,
  TCustomerInvoicePage,
  TCustomerLicensePage,
  TCustomerNotificationPage,
  TCustomerOrderPage,
  TCustomerSearchResult,
  TCustomerTimelinePage,
} from '@lbs/domain/customer-page';
import { api } from '../../lib/api';

/** One page of one of a customer's lists. */
export interface CustomerListArgs {
  id: number;
  page: number;
  page_size?: number;
}

const listParams = ({ page, page_size }: CustomerListArgs) => ({ page, page_size });

/**
 * The customer page's reads and the header's search (issue 21). Each list provides the tag its
 * own back-office list does, so an action anywhere (an order edited, a licence revoked, one of the
 * page's own actions) refreshes what this page shows; the timeline follows all of them.
 */
const adminCustomerApi = api.injectEndpoints({
  endpoints: (build) => ({
    customer: build.query<TCustomerDetail, number>({
      query: (id) => ({ url: `/admin/customers/${id}` }),
      providesTags: ['Users', 'Orders', 'Licenses'],
    }),
    customerOrders: build.query<TCustomerOrderPage, CustomerListArgs>({
      query: (args) => ({ url: `/admin/customers/${args.id}/orders`, params: listParams(args) }),
      providesTags: ['Orders'],
    }),
    customerInvoices: build.query<TCustomerInvoicePage, CustomerListArgs>({
      query: (args) => ({ url: `/admin/customers/${args.id}/invoices`, params: listParams(args) }),
      providesTags: ['Invoices'],
    }),
    customerLicenses: build.query<TCustomerLicensePage, CustomerListArgs>({
      query: (args) => ({ url: `/admin/customers/${args.id}/licenses`, params: listParams(args) }),
      providesTags: ['Licenses'],
    }),
    customerNotifications: build.query<TCustomerNotificationPage, CustomerListArgs>({
      query: (args) => ({ url: `/admin/customers/${args.id}/notifications`, params: listParams(args) }),
      providesTags: ['Notifications'],
    }),
    customerTimeline: build.query<TCustomerTimelinePage, CustomerListArgs>({
      query: (args) => ({ url: `/admin/customers/${args.id}/timeline`, params: listParams(args) }),
      providesTags: ['Users', 'Orders', 'Invoices', 'Licenses', 'Notifications'],
    }),
    customerSearch: build.query<TCustomerSearchResult, string>({
      query: (q) => ({ url: '/admin/search', params: { q } }),
      // A search is typed once and left: no need to keep each answer for the default minute.
      keepUnusedDataFor: 10,
    }),
  }),
});

export const {
  useCustomerQuery,
  useCustomerOrdersQuery,
  useCustomerInvoicesQuery,
  useCustomerLicensesQuery,
  useCustomerNotificationsQuery,
  useCustomerTimelineQuery,
  useCustomerSearchQuery,
  useLazyCustomerSearchQuery,
} = adminCustomerApi;
