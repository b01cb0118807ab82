import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import type { CatalogueItem } from '@lbs/domain/catalogue';

/** The products on sale, from the table checkout charges from, so the pages never disagree with it. */
export async function listCatalogue(db: DbOrTx): Promise<CatalogueItem[]> {
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.id));
  return rows.map((p) => ({
    id: p.id,
    key: p.key,
    name: p.name,
    description: p.description,
    price: p.priceCents / 100,
    kind: p.kind,
    license_type: p.licenseType,
    shippable: p.shippable,
  }));
}
