import type { CatalogueItem } from '@lbs/domain/catalogue';
import { api } from '../../lib/api';

const marketingApi = api.injectEndpoints({
  endpoints: (build) => ({
    catalogue: build.query<CatalogueItem[], void>({
      query: () => '/catalogue/products',
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useCatalogueQuery } = marketingApi;
