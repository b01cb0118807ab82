import { api } from '../../lib/api';

/** A product on sale as GET /api/catalogue/products answers it (price in USD). */
export interface CatalogueItem {
  id: number;
  key: string;
  name: string;
  description: string;
  price: number;
  kind: 'accessory' | 'license';
  license_type: 'day' | 'month' | 'year' | 'onetime' | null;
  shippable: boolean;
}

export const marketingApi = api.injectEndpoints({
  endpoints: (build) => ({
    catalogue: build.query<CatalogueItem[], void>({
      query: () => '/catalogue/products',
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useCatalogueQuery } = marketingApi;
