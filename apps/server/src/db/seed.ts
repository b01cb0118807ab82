import { CATALOGUE } from '@lbs/domain/catalogue';
import type { Db } from './client';
import { products } from './schema';

const toCents = (usd: number) => Math.round(usd * 100);

/**
 * The catalogue in packages/domain is the single price list: the pages show it and the server
 * charges from this table, which mirrors it on every start.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  for (const p of CATALOGUE) {
    const row = {
      id: p.id,
      key: p.key,
      name: p.name,
      description: p.description,
      priceCents: toCents(p.price),
      kind: p.kind,
      licenseType: p.licenseType ?? null,
      shippable: p.shippable,
      weightGrams: p.weightGrams,
      updatedAt: new Date(),
    };
    await db.insert(products).values(row).onConflictDoUpdate({ target: products.id, set: row });
  }
}
