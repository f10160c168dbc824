/**
 * Products that compare across shops (api-contract §9, "Price comparison"): the same
 * product listed by several shops, as real feeds list it, so that one search by `gtin`,
 * `mpn` or title phrase finds it everywhere. Fixed data, no PRNG draws: the generated
 * products and every other id stay as they were.
 *
 * - The main group (`known.comparison`): a DeLonghi espresso machine in six active PLN
 *   shops, one `gtin` and one `mpn`, titles varying a little per shop. Some listings are on
 *   sale; MediaPoint, TechNova and AudioMax list it twice. Two listings are no row: one has
 *   no price (TechNova), one no `link` (AudioMax's cheapest, cheaper than every row).
 * - The `mpnOnly` group: a Sage grinder in three PLN shops with no `gtin`; its titles differ
 *   (no shop's whole title finds the others), so its `mpn` is what finds all of it.
 */
import { known } from '../known.js';
import type { OfferRec, ProductRec } from '../state.js';
import { addDays, isoDate, SEED_NOW } from './dates.js';
import { slug } from './products.js';

const COFFEE_GPC =
  'Home & Garden > Kitchen & Dining > Kitchen Appliances > Coffee Makers & Espresso Machines';
const GRINDER_GPC = 'Home & Garden > Kitchen & Dining > Kitchen Appliances > Coffee Grinders';

/** One shop's listing: what differs from its group's common fields. */
interface Listing {
  id: string;
  shop: string;
  title: string;
  /** Amounts in the shop's currency; `null` for no price. */
  price: number | null;
  sale?: number;
  updated: string;
  cpc?: number;
  mobile?: boolean;
  noLink?: boolean;
}

interface Group {
  brand: string;
  category: string;
  gpc: string;
  productType: string;
  color: string;
  description: string;
  gtin: string | null;
  mpn: string;
  listings: Listing[];
}

const { comparison } = known;
const ESPRESSO = comparison.query;

const groups: Group[] = [
  {
    brand: 'DeLonghi',
    category: 'Coffee machines',
    gpc: COFFEE_GPC,
    productType: 'Ekspresy do kawy > Ekspres ciśnieniowy',
    color: 'czarny',
    description:
      `${ESPRESSO}, kolor: czarny. Automatyczny ekspres do kawy ziarnistej z młynkiem ` +
      'stożkowym, ciśnienie 15 bar, dysza do spieniania mleka.',
    gtin: comparison.gtin,
    mpn: comparison.mpn,
    listings: [
      {
        id: 'pc001',
        shop: 'MediaPoint',
        title: ESPRESSO,
        price: 1599,
        sale: 1399,
        updated: '2024-11-12T08:30:00Z',
        cpc: 0.45,
        mobile: true,
      },
      {
        id: 'pc002',
        shop: 'MediaPoint',
        title: `${ESPRESSO} czarny`,
        price: 1449,
        updated: '2024-11-02T14:05:00Z',
      },
      {
        id: 'pc003',
        shop: 'TechNova',
        title: `${ESPRESSO} (1450 W)`,
        price: null,
        updated: '2024-10-28T09:00:00Z',
      },
      {
        id: 'pc004',
        shop: 'TechNova',
        title: ESPRESSO,
        price: 1489,
        updated: '2024-11-10T11:20:00Z',
        cpc: 0.3,
      },
      {
        id: 'pc005',
        shop: 'AudioMax',
        title: ESPRESSO,
        price: 1249,
        updated: '2024-11-14T07:45:00Z',
        noLink: true,
      },
      {
        id: 'pc006',
        shop: 'AudioMax',
        title: `${ESPRESSO} – czarny`,
        price: 1549,
        updated: '2024-11-09T16:10:00Z',
      },
      {
        id: 'pc007',
        shop: 'KitchenPro',
        title: ESPRESSO.replace('DeLonghi', 'DELONGHI'),
        price: 1699,
        sale: 1359.2,
        updated: '2024-11-13T10:00:00Z',
        cpc: 0.6,
        mobile: true,
      },
      {
        id: 'pc008',
        shop: 'SportZone',
        title: `${ESPRESSO}, 15 bar, młynek`,
        price: 1479,
        updated: '2024-11-05T12:00:00Z',
      },
      {
        id: 'pc009',
        shop: 'ToyPlanet',
        title: `${ESPRESSO} czarny`,
        price: 1589,
        sale: 1499,
        updated: '2024-11-11T18:30:00Z',
      },
    ],
  },
  {
    brand: 'Sage',
    category: 'Coffee grinders',
    gpc: GRINDER_GPC,
    productType: 'Młynki do kawy > Młynek żarnowy',
    color: 'srebrny',
    description:
      'Młynek do kawy Sage the Smart Grinder Pro, kolor: srebrny. Stalowe żarna stożkowe, ' +
      '60 stopni mielenia, pojemnik na 450 g ziaren.',
    gtin: null,
    mpn: comparison.mpnOnly.mpn,
    listings: [
      {
        id: 'pc101',
        shop: 'KitchenPro',
        title: 'Młynek do kawy Sage the Smart Grinder Pro SCG820BSS',
        price: 899,
        sale: 799,
        updated: '2024-11-08T09:15:00Z',
      },
      {
        id: 'pc102',
        shop: 'MediaPoint',
        title: 'Sage SCG820BSS Smart Grinder Pro srebrny',
        price: 849,
        updated: '2024-11-06T13:40:00Z',
        cpc: 0.35,
      },
      {
        id: 'pc103',
        shop: 'TechNova',
        title: 'Młynek żarnowy SAGE Smart Grinder Pro (SCG820BSS)',
        price: 879,
        updated: '2024-11-03T17:00:00Z',
      },
    ],
  },
];

const money = (currency: string, amount: number) => `${currency} ${amount.toFixed(2)}`;

function listing(g: Group, l: Listing, shop: OfferRec): ProductRec {
  const cur = shop.currency;
  const path = `${slug(l.title)}-${l.id}`;
  const sale = l.price === null ? undefined : l.sale;
  return {
    id: l.id,
    title: l.title,
    description: g.description,
    price: l.price === null ? null : money(cur, l.price),
    sale_price: sale === undefined ? null : money(cur, sale),
    sale_price_effective_date:
      sale === undefined
        ? null
        : `${isoDate(addDays(SEED_NOW, -3))}T00:00:00Z/${isoDate(addDays(SEED_NOW, 14))}T23:59:59Z`,
    discount:
      sale === undefined || l.price === null ? null : Math.round((1 - sale / l.price) * 100),
    offer: shop.title,
    offer_id: shop.id,
    brand: g.brand,
    category: g.category,
    google_product_category: g.gpc,
    product_type: g.productType,
    color: g.color,
    size: null,
    gender: null,
    age_group: 'adult',
    gtin: g.gtin,
    mpn: g.mpn,
    updated_at: l.updated,
    is_cpc: l.cpc !== undefined,
    cpc_rate: l.cpc === undefined ? null : money(cur, l.cpc),
    offer_display_url: `www.${shop.domain}`,
    direct_link: `https://www.${shop.domain}/p/${path}`,
    mobile_link: l.mobile ? `https://m.${shop.domain}/p/${path}` : null,
    feed_id: `feed-${slug(shop.title)}`,
    currency: cur,
    status: 'in_stock',
    ...(l.noLink ? { fixed: { link: null } } : {}),
  };
}

/** The comparison groups' listings, in shops found by name among `offers`. */
export function seedComparisonProducts(offers: readonly OfferRec[]): ProductRec[] {
  return groups.flatMap((g) =>
    g.listings.map((l) => {
      const shop = offers.find((o) => o.title === l.shop);
      if (!shop || shop.status !== 'active' || !shop.has_products || shop.currency !== 'PLN')
        throw new Error(`seed: ${l.shop} is not an active PLN shop with products`);
      return listing(g, l, shop);
    }),
  );
}
