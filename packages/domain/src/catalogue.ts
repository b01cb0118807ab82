import { formatUsd, roundMoney } from './money';

export type ProductKind = 'accessory' | 'license';
export type LicenseType = 'day' | 'month' | 'year' | 'onetime';

export interface CatalogueProduct {
  id: number;
  /** Catalogue identity: the cart line's key, the shipping-rate line name and the price id. */
  key: string;
  name: string;
  description: string;
  /** USD, whole or with 2 decimals. */
  price: number;
  kind: ProductKind;
  licenseType?: LicenseType;
  /** Something physical leaves the warehouse when this is bought. */
  shippable: boolean;
  /** Packed weight of one unit, used by the shipping rate table. */
  weightGrams: number;
  /** Short icon name: 'paper', 'roller', 'cutter' or 'license'. */
  icon: string;
}

/** Licence product ids start here; promo codes apply to lines at or above it. */
export const LICENSE_ID_THRESHOLD = 10;

/**
 * The one price list (DESIGN §4). Where the spec gives two readings for the roller and the
 * cutter, DESIGN §4 settles them: adhesion roller 300, luggage tag cutter 220.
 */
export const CATALOGUE: readonly CatalogueProduct[] = Object.freeze(
  [
    {
      id: 1,
      key: 'perforated_paper',
      name: 'Perforated Paper (4x6”)',
      description: 'Box of 2 rolls of 4x6 inch perforated photo paper for lenticular prints.',
      price: 220,
      kind: 'accessory',
      shippable: true,
      weightGrams: 1800,
      icon: 'paper',
    },
    {
      id: 2,
      key: 'adhesion_roller',
      name: 'Adhesion Roller',
      description: 'Roller that bonds prints to lenticular sheets, 20 cm wide and 15 cm high.',
      price: 300,
      kind: 'accessory',
      shippable: true,
      weightGrams: 1500,
      icon: 'roller',
    },
    {
      id: 3,
      key: 'luggage_tag_cutter',
      name: 'Luggage Tag Cutter',
      description:
        'Cutter that turns lenticular prints into luggage tags, 16 cm wide and 35 cm high.',
      price: 220,
      kind: 'accessory',
      shippable: true,
      weightGrams: 2500,
      icon: 'cutter',
    },
    {
      id: 10,
      key: 'daily_license',
      name: 'Daily License',
      description: '24 hours unlimited access for one device.',
      price: 40,
      kind: 'license',
      licenseType: 'day',
      shippable: false,
      weightGrams: 0,
      icon: 'license',
    },
    {
      id: 11,
      key: 'monthly_license',
      name: 'Monthly License',
      description: '30 days unlimited access for one device.',
      price: 150,
      kind: 'license',
      licenseType: 'month',
      shippable: false,
      weightGrams: 0,
      icon: 'license',
    },
    {
      id: 12,
      key: 'yearly_license',
      name: 'Yearly License',
      description: '365 days unlimited access for one device.',
      price: 1500,
      kind: 'license',
      licenseType: 'year',
      shippable: false,
      weightGrams: 0,
      icon: 'license',
    },
    {
      id: 13,
      key: 'one_time_setup',
      name: 'One Time Setup',
      description:
        'Setup kit: training manual, 1-hour online meeting, one roller, 500 sheets of 4x4 inch, app download and a 3-month key for one device.',
      price: 990,
      kind: 'license',
      licenseType: 'onetime',
      // Ships an adhesion roller (1.5 kg) and 500 lenticular sheets (about 2.5 kg) in one box.
      shippable: true,
      weightGrams: 4500,
      icon: 'license',
    },
  ].map((product) => Object.freeze(product as CatalogueProduct)),
);

export function findProduct(id: number): CatalogueProduct | undefined {
  return CATALOGUE.find((product) => product.id === id);
}

export function findProductByKey(key: string): CatalogueProduct | undefined {
  return CATALOGUE.find((product) => product.key === key);
}

/** The plan that sells keys of this type (Monthly License for 'month'); none for admin types. */
export function findPlanByLicenseType(type: string): CatalogueProduct | undefined {
  return CATALOGUE.find((product) => product.kind === 'license' && product.licenseType === type);
}

export function isLicenseProductId(id: number): boolean {
  return Number.isInteger(id) && id >= LICENSE_ID_THRESHOLD;
}

// Lenticular sheets: sold by quote through the contact form, never as a cart line (DESIGN §4).

export interface SheetTier {
  min: number;
  /** Inclusive upper bound; null for the open top tier. */
  max: number | null;
  unitPrice: number;
}

export const SHEET_MINIMUM = 1000;

export const SHEET_TIERS: readonly SheetTier[] = Object.freeze([
  Object.freeze({ min: 1000, max: 5000, unitPrice: 0.3 }),
  Object.freeze({ min: 5001, max: 20000, unitPrice: 0.2 }),
  Object.freeze({ min: 20001, max: null, unitPrice: 0.15 }),
]);

/** USD per sheet for a whole quantity, or null below the minimum (or not a whole number). */
function sheetUnitPrice(quantity: number): number | null {
  if (!Number.isInteger(quantity) || quantity < SHEET_MINIMUM) return null;
  const tier = SHEET_TIERS.find(
    (candidate) =>
      quantity >= candidate.min && (candidate.max === null || quantity <= candidate.max),
  );
  return tier ? tier.unitPrice : null;
}

export function sheetQuote(quantity: number): { unitPrice: number; total: number } | null {
  const unitPrice = sheetUnitPrice(quantity);
  if (unitPrice === null) return null;
  return { unitPrice, total: roundMoney(unitPrice * quantity) };
}

// Accessories / products screens: four items in this order. The array index is also the
// carousel index the spec uses as product_id on the products screen (1..3 = catalogue ids).

export interface AccessoryDisplayItem {
  key: string;
  /** Catalogue id for the cart; null for the sheets, which are quote only. */
  productId: number | null;
  title: string;
  description: string;
  /** Size and pack details, one line each. */
  details: readonly string[];
  /** USD from CATALOGUE; null for the sheets (priced by SHEET_TIERS). */
  price: number | null;
  quoteOnly: boolean;
}

const COUNT = new Intl.NumberFormat('en-US');

/** '1,000 - 5,000 pcs: $0.30 each', '20,001 pcs and above: $0.15 each'. */
function sheetTierLabel(tier: SheetTier): string {
  const range =
    tier.max === null
      ? `${COUNT.format(tier.min)} pcs and above`
      : `${COUNT.format(tier.min)} - ${COUNT.format(tier.max)} pcs`;
  return `${range}: ${formatUsd(tier.unitPrice)} each`;
}

function accessory(
  productId: number,
  description: string,
  details: readonly string[],
): AccessoryDisplayItem {
  const product = findProduct(productId);
  if (!product) throw new Error(`Catalogue has no product ${productId}`);
  return Object.freeze({
    key: product.key,
    productId: product.id,
    title: product.name,
    description,
    details: Object.freeze([...details]),
    price: product.price,
    quoteOnly: false,
  });
}

export const ACCESSORY_DISPLAY: readonly AccessoryDisplayItem[] = Object.freeze([
  Object.freeze({
    key: 'lenticular_sheets',
    productId: null,
    title: 'Lenticular Sheets (4x4”)',
    description: `Lenticular lens sheets that give your prints a 3D, moving effect. Volume pricing, minimum order ${COUNT.format(SHEET_MINIMUM)} sheets.`,
    details: Object.freeze(['4x4 inch sheets', ...SHEET_TIERS.map(sheetTierLabel)]),
    price: null,
    quoteOnly: true,
  }),
  accessory(1, 'Perforated photo paper sized for lenticular prints.', [
    'Box of 2 rolls',
    '4x6 inch',
  ]),
  accessory(2, 'Presses prints firmly onto lenticular sheets without bubbles.', [
    '20 cm wide',
    '15 cm high',
  ]),
  accessory(3, 'Cuts finished prints into luggage tags in one press.', [
    '16 cm wide',
    '35 cm high',
  ]),
]);

/** A product on sale as GET /api/catalogue/products answers it (declared in responses.ts). */
export type { TCatalogueItem as CatalogueItem } from './responses';
