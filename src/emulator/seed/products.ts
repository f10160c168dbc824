/** ≥ 2,000 products with every field of api-contract §6, some of them null. */
import type { Rng } from '../prng.js';
import type { OfferRec, ProductRec } from '../state.js';
import { CATALOG, type CatalogCategory } from './catalog.js';
import { daysAgo, iso, isoDate, addDays, SEED_NOW } from './dates.js';
import { POLISH_FEEDS, polishDescription, polishTitle, polishWords, type Words } from './polish.js';

export const PRODUCT_COUNT = 2000;
const STATUSES = ['in_stock', 'in_stock', 'in_stock', 'in_stock', 'out_of_stock', 'preorder'];
const EXTRAS = ['', '', '', ' Pro', ' Lite', ' Plus', ' 2024'];

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A 13-digit EAN with a correct check digit. */
function ean(rng: Rng): string {
  const digits = Array.from({ length: 12 }, (_, i) => (i === 0 ? rng.int(1, 9) : rng.int(0, 9)));
  const sum = digits.reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return digits.join('') + String((10 - (sum % 10)) % 10);
}

function priceIn(rng: Rng, [min, max]: [number, number]): number {
  // Log-uniform, so cheap and expensive items are both common.
  const v = Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min)));
  return Math.round(v * 100) / 100;
}

function product(i: number, cat: CatalogCategory, shop: OfferRec, rng: Rng): ProductRec {
  const id = `p${10001 + i}`;
  // The first product is the well-known ordinary one: nothing null.
  const maybe = <T>(p: number, value: T): T | null => (i === 0 || !rng.chance(p) ? value : null);
  const english: Words = {
    brand: rng.pick(cat.brands),
    noun: rng.pick(cat.nouns),
    color: '',
    category: cat.name,
  };
  const modelNumber = rng.int(100, 9999);
  const refurbished = i !== 0 && rng.chance(0.05);
  const extra = rng.pick(EXTRAS);
  english.color = rng.pick(cat.colors);
  // A Polish shop's feed: Polish words (and a few Polish brands), same draws.
  const polish = POLISH_FEEDS.has(shop.title);
  const { brand, noun, color, category } = polish ? polishWords(cat, english) : english;
  const model = `${brand.slice(0, 2).toUpperCase()}-${modelNumber}`;
  const title = polish
    ? polishTitle({ brand, noun, color, category }, model, extra, refurbished)
    : `${refurbished ? 'Refurbished ' : ''}${brand} ${noun} ${model}${extra}`;
  const price = priceIn(rng, cat.price);
  const onSale = i === 0 || rng.chance(0.3);
  const discount = onSale ? rng.int(5, 50) : null;
  const sale = discount === null ? null : Math.round(price * (100 - discount)) / 100;
  const updated = daysAgo(rng, 320);
  const isCpc = i === 0 || rng.chance(0.15);
  const path = `${slug(title)}-${id}`;
  const cur = shop.currency;
  return {
    id,
    title,
    description: maybe(
      0.05,
      polish
        ? polishDescription({ brand, noun, color, category }, refurbished)
        : `${brand} ${noun} in ${color}. ${refurbished ? 'Refurbished, tested, 12-month warranty.' : 'Brand new with full manufacturer warranty.'}`,
    ),
    price: `${cur} ${price.toFixed(2)}`,
    sale_price: sale === null ? null : `${cur} ${sale.toFixed(2)}`,
    sale_price_effective_date:
      sale === null
        ? null
        : `${isoDate(addDays(SEED_NOW, -3))}T00:00:00Z/${isoDate(addDays(SEED_NOW, 14))}T23:59:59Z`,
    discount,
    offer: shop.title,
    offer_id: shop.id,
    brand,
    category: cat.name,
    google_product_category: maybe(0.1, cat.gpc),
    product_type: maybe(0.1, `${category} > ${noun}`),
    color: maybe(0.15, color),
    // The well-known product shows every field, so it gets a size and gender too.
    size: cat.sizes ? maybe(0.1, rng.pick(cat.sizes)) : i === 0 ? 'One size' : null,
    gender: cat.gendered
      ? maybe(0.1, rng.pick(['male', 'female', 'unisex']))
      : i === 0
        ? 'unisex'
        : null,
    age_group: maybe(0.2, cat.ageGroup ?? 'adult'),
    gtin: maybe(0.1, ean(rng)),
    mpn: maybe(0.15, model),
    updated_at: iso(updated),
    is_cpc: isCpc,
    cpc_rate: isCpc ? `${cur} ${(rng.int(10, 90) / 100).toFixed(2)}` : null,
    offer_display_url: `www.${shop.domain}`,
    direct_link: `https://www.${shop.domain}/p/${path}`,
    mobile_link: maybe(0.3, `https://m.${shop.domain}/p/${path}`),
    feed_id: `feed-${slug(shop.title)}`,
    currency: cur,
    status: rng.pick(STATUSES),
  };
}

export function seedProducts(rng: Rng, offers: readonly OfferRec[]): ProductRec[] {
  const shopsOf = new Map<string, OfferRec[]>();
  for (const cat of CATALOG) {
    shopsOf.set(
      cat.name,
      offers.filter((o) => o.has_products && o.categories[0] === cat.shop),
    );
  }
  return Array.from({ length: PRODUCT_COUNT }, (_, i) => {
    // The first product is a MediaPoint headphone (the first offer's shop).
    const cat = i === 0 ? (CATALOG[0] as CatalogCategory) : rng.pick(CATALOG);
    const shops = shopsOf.get(cat.name) ?? [];
    const shop = i === 0 ? (shops[0] as OfferRec) : rng.pick(shops);
    return product(i, cat, shop, rng);
  });
}
