import { CATALOGUE, findProduct, findProductByKey, type CatalogueProduct } from './catalogue';
import { roundMoney } from './money';

/**
 * Shipping zones of the embedded rate table (DESIGN §1): Singapore, the rest of Southeast Asia,
 * and the rest of the world.
 */
export type ShippingZone = 'SG' | 'SEA' | 'ROW';

/** ASEAN members other than Singapore, plus Timor-Leste. */
const SEA_COUNTRIES: readonly string[] = Object.freeze([
  'BN',
  'KH',
  'ID',
  'LA',
  'MY',
  'MM',
  'PH',
  'TH',
  'TL',
  'VN',
]);

export function zoneForCountry(code: string): ShippingZone {
  const upper = code.trim().toUpperCase();
  if (upper === 'SG') return 'SG';
  return SEA_COUNTRIES.includes(upper) ? 'SEA' : 'ROW';
}

export interface ShippingRate {
  /** USD for any parcel. */
  baseFee: number;
  /** USD for each started step of the parcel's weight. */
  stepFee: number;
  stepGrams: number;
}

/** Tracked courier rates, USD: a base fee plus a fee for every started 500 g. */
export const SHIPPING_RATES: Readonly<Record<ShippingZone, ShippingRate>> = Object.freeze({
  SG: Object.freeze({ baseFee: 12, stepFee: 3, stepGrams: 500 }),
  SEA: Object.freeze({ baseFee: 25, stepFee: 6, stepGrams: 500 }),
  ROW: Object.freeze({ baseFee: 45, stepFee: 10, stepGrams: 500 }),
});

/** A line to ship, naming its product by catalogue id, key, or name (the rate call sends the key as name). */
export interface ShippingLine {
  product_id?: number;
  key?: string;
  name?: string;
  quantity: number;
}

export function productForShippingLine(line: ShippingLine): CatalogueProduct | undefined {
  if (line.product_id !== undefined) return findProduct(line.product_id);
  const ref = line.key ?? line.name;
  if (ref === undefined) return undefined;
  return findProductByKey(ref) ?? findProductByKey(ref.trim().toLowerCase()) ?? findByName(ref);
}

function findByName(name: string): CatalogueProduct | undefined {
  const wanted = name.trim().toLowerCase();
  return CATALOGUE.find((product) => product.name.toLowerCase() === wanted);
}

/** Grams of the shippable units in the lines; unknown products and licences weigh nothing. */
function parcelWeightGrams(lines: readonly ShippingLine[]): number {
  return lines.reduce((sum, line) => {
    const product = productForShippingLine(line);
    if (!product || !product.shippable || !(line.quantity > 0)) return sum;
    return sum + product.weightGrams * Math.floor(line.quantity);
  }, 0);
}

export type ShippingRateTable = Readonly<Record<ShippingZone, ShippingRate>>;

/**
 * USD fee for the lines to this country; 0 when nothing in them ships. The server passes the
 * rate table from its configuration; the default is the built-in one above.
 */
export function computeShippingFee(
  countryCode: string,
  lines: readonly ShippingLine[],
  rates: ShippingRateTable = SHIPPING_RATES,
): number {
  const grams = parcelWeightGrams(lines);
  if (grams <= 0) return 0;
  const rate = rates[zoneForCountry(countryCode)];
  return roundMoney(rate.baseFee + rate.stepFee * Math.ceil(grams / rate.stepGrams));
}

/** Postal code rules: Singapore 6 digits, Indonesia 5 digits, elsewhere 2-10 letters, digits, spaces or hyphens. */
export function postalCodeValid(countryCode: string, postal: string): boolean {
  const value = postal.trim();
  switch (countryCode.trim().toUpperCase()) {
    case 'SG':
      return /^\d{6}$/.test(value);
    case 'ID':
      return /^\d{5}$/.test(value);
    default:
      return /^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,8}[A-Za-z0-9])$/.test(value);
  }
}

/** ISO 3166-1 alpha-2 codes with English names, sorted by name, for a country select. */
export const ISO_COUNTRIES: readonly (readonly [code: string, name: string])[] = Object.freeze([
  ['AF', 'Afghanistan'],
  ['AX', 'Åland Islands'],
  ['AL', 'Albania'],
  ['DZ', 'Algeria'],
  ['AS', 'American Samoa'],
  ['AD', 'Andorra'],
  ['AO', 'Angola'],
  ['AI', 'Anguilla'],
  ['AQ', 'Antarctica'],
  ['AG', 'Antigua and Barbuda'],
  ['AR', 'Argentina'],
  ['AM', 'Armenia'],
  ['AW', 'Aruba'],
  ['AU', 'Australia'],
  ['AT', 'Austria'],
  ['AZ', 'Azerbaijan'],
  ['BS', 'Bahamas'],
  ['BH', 'Bahrain'],
  ['BD', 'Bangladesh'],
  ['BB', 'Barbados'],
  ['BY', 'Belarus'],
  ['BE', 'Belgium'],
  ['BZ', 'Belize'],
  ['BJ', 'Benin'],
  ['BM', 'Bermuda'],
  ['BT', 'Bhutan'],
  ['BO', 'Bolivia'],
  ['BA', 'Bosnia and Herzegovina'],
  ['BW', 'Botswana'],
  ['BV', 'Bouvet Island'],
  ['BR', 'Brazil'],
  ['IO', 'British Indian Ocean Territory'],
  ['BN', 'Brunei'],
  ['BG', 'Bulgaria'],
  ['BF', 'Burkina Faso'],
  ['BI', 'Burundi'],
  ['KH', 'Cambodia'],
  ['CM', 'Cameroon'],
  ['CA', 'Canada'],
  ['CV', 'Cape Verde'],
  ['BQ', 'Caribbean Netherlands'],
  ['KY', 'Cayman Islands'],
  ['CF', 'Central African Republic'],
  ['TD', 'Chad'],
  ['CL', 'Chile'],
  ['CN', 'China'],
  ['CX', 'Christmas Island'],
  ['CC', 'Cocos (Keeling) Islands'],
  ['CO', 'Colombia'],
  ['KM', 'Comoros'],
  ['CG', 'Congo'],
  ['CD', 'Congo (Democratic Republic)'],
  ['CK', 'Cook Islands'],
  ['CR', 'Costa Rica'],
  ['CI', "Côte d'Ivoire"],
  ['HR', 'Croatia'],
  ['CU', 'Cuba'],
  ['CW', 'Curaçao'],
  ['CY', 'Cyprus'],
  ['CZ', 'Czechia'],
  ['DK', 'Denmark'],
  ['DJ', 'Djibouti'],
  ['DM', 'Dominica'],
  ['DO', 'Dominican Republic'],
  ['EC', 'Ecuador'],
  ['EG', 'Egypt'],
  ['SV', 'El Salvador'],
  ['GQ', 'Equatorial Guinea'],
  ['ER', 'Eritrea'],
  ['EE', 'Estonia'],
  ['SZ', 'Eswatini'],
  ['ET', 'Ethiopia'],
  ['FK', 'Falkland Islands (Malvinas)'],
  ['FO', 'Faroe Islands'],
  ['FJ', 'Fiji'],
  ['FI', 'Finland'],
  ['FR', 'France'],
  ['GF', 'French Guiana'],
  ['PF', 'French Polynesia'],
  ['TF', 'French Southern Territories'],
  ['GA', 'Gabon'],
  ['GM', 'Gambia'],
  ['GE', 'Georgia'],
  ['DE', 'Germany'],
  ['GH', 'Ghana'],
  ['GI', 'Gibraltar'],
  ['GR', 'Greece'],
  ['GL', 'Greenland'],
  ['GD', 'Grenada'],
  ['GP', 'Guadeloupe'],
  ['GU', 'Guam'],
  ['GT', 'Guatemala'],
  ['GG', 'Guernsey'],
  ['GN', 'Guinea'],
  ['GW', 'Guinea-Bissau'],
  ['GY', 'Guyana'],
  ['HT', 'Haiti'],
  ['HM', 'Heard and McDonald Islands'],
  ['HN', 'Honduras'],
  ['HK', 'Hong Kong'],
  ['HU', 'Hungary'],
  ['IS', 'Iceland'],
  ['IN', 'India'],
  ['ID', 'Indonesia'],
  ['IR', 'Iran'],
  ['IQ', 'Iraq'],
  ['IE', 'Ireland'],
  ['IM', 'Isle of Man'],
  ['IL', 'Israel'],
  ['IT', 'Italy'],
  ['JM', 'Jamaica'],
  ['JP', 'Japan'],
  ['JE', 'Jersey'],
  ['JO', 'Jordan'],
  ['KZ', 'Kazakhstan'],
  ['KE', 'Kenya'],
  ['KI', 'Kiribati'],
  ['KW', 'Kuwait'],
  ['KG', 'Kyrgyzstan'],
  ['LA', 'Laos'],
  ['LV', 'Latvia'],
  ['LB', 'Lebanon'],
  ['LS', 'Lesotho'],
  ['LR', 'Liberia'],
  ['LY', 'Libya'],
  ['LI', 'Liechtenstein'],
  ['LT', 'Lithuania'],
  ['LU', 'Luxembourg'],
  ['MO', 'Macao'],
  ['MG', 'Madagascar'],
  ['MW', 'Malawi'],
  ['MY', 'Malaysia'],
  ['MV', 'Maldives'],
  ['ML', 'Mali'],
  ['MT', 'Malta'],
  ['MH', 'Marshall Islands'],
  ['MQ', 'Martinique'],
  ['MR', 'Mauritania'],
  ['MU', 'Mauritius'],
  ['YT', 'Mayotte'],
  ['MX', 'Mexico'],
  ['FM', 'Micronesia'],
  ['MD', 'Moldova'],
  ['MC', 'Monaco'],
  ['MN', 'Mongolia'],
  ['ME', 'Montenegro'],
  ['MS', 'Montserrat'],
  ['MA', 'Morocco'],
  ['MZ', 'Mozambique'],
  ['MM', 'Myanmar'],
  ['NA', 'Namibia'],
  ['NR', 'Nauru'],
  ['NP', 'Nepal'],
  ['NL', 'Netherlands'],
  ['NC', 'New Caledonia'],
  ['NZ', 'New Zealand'],
  ['NI', 'Nicaragua'],
  ['NE', 'Niger'],
  ['NG', 'Nigeria'],
  ['NU', 'Niue'],
  ['NF', 'Norfolk Island'],
  ['KP', 'North Korea'],
  ['MK', 'North Macedonia'],
  ['MP', 'Northern Mariana Islands'],
  ['NO', 'Norway'],
  ['OM', 'Oman'],
  ['PK', 'Pakistan'],
  ['PW', 'Palau'],
  ['PS', 'Palestine'],
  ['PA', 'Panama'],
  ['PG', 'Papua New Guinea'],
  ['PY', 'Paraguay'],
  ['PE', 'Peru'],
  ['PH', 'Philippines'],
  ['PN', 'Pitcairn Islands'],
  ['PL', 'Poland'],
  ['PT', 'Portugal'],
  ['PR', 'Puerto Rico'],
  ['QA', 'Qatar'],
  ['RE', 'Réunion'],
  ['RO', 'Romania'],
  ['RU', 'Russia'],
  ['RW', 'Rwanda'],
  ['BL', 'Saint Barthélemy'],
  ['SH', 'Saint Helena'],
  ['KN', 'Saint Kitts and Nevis'],
  ['LC', 'Saint Lucia'],
  ['MF', 'Saint Martin'],
  ['PM', 'Saint Pierre and Miquelon'],
  ['VC', 'Saint Vincent and the Grenadines'],
  ['WS', 'Samoa'],
  ['SM', 'San Marino'],
  ['ST', 'São Tomé and Príncipe'],
  ['SA', 'Saudi Arabia'],
  ['SN', 'Senegal'],
  ['RS', 'Serbia'],
  ['SC', 'Seychelles'],
  ['SL', 'Sierra Leone'],
  ['SG', 'Singapore'],
  ['SX', 'Sint Maarten'],
  ['SK', 'Slovakia'],
  ['SI', 'Slovenia'],
  ['SB', 'Solomon Islands'],
  ['SO', 'Somalia'],
  ['ZA', 'South Africa'],
  ['GS', 'South Georgia and South Sandwich Islands'],
  ['KR', 'South Korea'],
  ['SS', 'South Sudan'],
  ['ES', 'Spain'],
  ['LK', 'Sri Lanka'],
  ['SD', 'Sudan'],
  ['SR', 'Suriname'],
  ['SJ', 'Svalbard and Jan Mayen'],
  ['SE', 'Sweden'],
  ['CH', 'Switzerland'],
  ['SY', 'Syria'],
  ['TW', 'Taiwan'],
  ['TJ', 'Tajikistan'],
  ['TZ', 'Tanzania'],
  ['TH', 'Thailand'],
  ['TL', 'Timor-Leste'],
  ['TG', 'Togo'],
  ['TK', 'Tokelau'],
  ['TO', 'Tonga'],
  ['TT', 'Trinidad and Tobago'],
  ['TN', 'Tunisia'],
  ['TR', 'Türkiye'],
  ['TM', 'Turkmenistan'],
  ['TC', 'Turks and Caicos Islands'],
  ['TV', 'Tuvalu'],
  ['UG', 'Uganda'],
  ['UA', 'Ukraine'],
  ['AE', 'United Arab Emirates'],
  ['GB', 'United Kingdom'],
  ['US', 'United States'],
  ['UM', 'United States Minor Outlying Islands'],
  ['UY', 'Uruguay'],
  ['UZ', 'Uzbekistan'],
  ['VU', 'Vanuatu'],
  ['VA', 'Vatican City'],
  ['VE', 'Venezuela'],
  ['VN', 'Vietnam'],
  ['VG', 'Virgin Islands (British)'],
  ['VI', 'Virgin Islands (U.S.)'],
  ['WF', 'Wallis and Futuna'],
  ['EH', 'Western Sahara'],
  ['YE', 'Yemen'],
  ['ZM', 'Zambia'],
  ['ZW', 'Zimbabwe'],
] as const);

const ISO_CODES: ReadonlySet<string> = new Set(ISO_COUNTRIES.map(([code]) => code));

/** Exact upper-case alpha-2 code assigned in ISO 3166-1. */
export function isIsoCountry(code: string): boolean {
  return ISO_CODES.has(code);
}

export function countryName(code: string): string | undefined {
  return ISO_COUNTRIES.find(([candidate]) => candidate === code)?.[1];
}

/**
 * The country of a browser's language tag ('en-US' → 'US', 'id' → null), when it names one: the
 * checkout's billing country until the customer has one on record.
 */
export function countryOfLocale(tag: string | undefined): string | null {
  const region = tag?.split(/[-_]/)[1]?.toUpperCase();
  return region && region.length === 2 && isIsoCountry(region) ? region : null;
}
