/** Reference data of `/system/...` and the allowed values the validators use. */
export { COUNTRIES, COUNTRY_CODES, country, type Country } from './countries.js';

/** spec §2.5: allowed values of a website's `type`. */
export const WEBSITE_TYPES: Record<string, string> = {
  content: 'Content',
  content_blog: 'Content: blog',
  content_editorial: 'Content: editorial',
  content_ugc: 'Content: user generated',
  deal: 'Deals',
  forum: 'Forum',
  other: 'Other',
  mobile_app: 'Mobile app',
  price_comparison: 'Price comparison',
  social_network: 'Social network',
  search_engine: 'Search engine',
};

export type Currency = {
  code: string;
  name: string;
  symbol: string;
};

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });
const SYMBOLS: Record<string, string> = {
  PLN: 'zł',
  EUR: '€',
  USD: '$',
  GBP: '£',
  CZK: 'Kč',
  HUF: 'Ft',
  RON: 'lei',
  SEK: 'kr',
  CHF: 'CHF',
  BGN: 'лв',
};

export const CURRENCIES: readonly Currency[] = Object.entries(SYMBOLS).map(([code, symbol]) => ({
  code,
  name: currencyNames.of(code) ?? code,
  symbol,
}));

export function currency(code: string): Currency | undefined {
  return CURRENCIES.find((c) => c.code === code);
}

/** Rates to PLN, for `base_publisher_income` and the unified balance. */
export const RATES_TO_PLN: Record<string, number> = { PLN: 1, EUR: 4.31, USD: 3.98, GBP: 5.12 };

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
const LANGUAGE_CODES = ['pl', 'en', 'de', 'cs', 'sk', 'fr', 'es', 'it', 'ro', 'hu', 'uk', 'pt'];
export const LANGUAGES = LANGUAGE_CODES.map((code) => ({
  code,
  name: languageNames.of(code) ?? code,
}));
export const FEED_LANGUAGES = LANGUAGES.slice(0, 8).map((l, i) => ({ id: i + 1, ...l }));

/** A fixed list, not `Intl.supportedValuesOf`, so answers do not depend on the ICU build. */
export const TIMEZONES = [
  'Europe/Warsaw',
  'Europe/Berlin',
  'Europe/London',
  'Europe/Paris',
  'Europe/Prague',
  'Europe/Bratislava',
  'Europe/Budapest',
  'Europe/Bucharest',
  'Europe/Kyiv',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Lisbon',
  'Europe/Stockholm',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Asia/Tokyo',
  'Asia/Singapore',
  'Asia/Dubai',
  'Australia/Sydney',
  'UTC',
].map((name) => ({ name, label: name.replace('_', ' ') }));

export interface CategoryRef {
  id: number;
  category: string;
  category_name: string;
}

function categories(names: Record<string, string>): CategoryRef[] {
  return Object.entries(names).map(([category, category_name], i) => ({
    id: i + 1,
    category,
    category_name,
  }));
}

export const OFFER_CATEGORIES = categories({
  electronics: 'Electronics',
  computers: 'Computers',
  home: 'Home & garden',
  fashion: 'Fashion',
  sports: 'Sports & outdoor',
  toys: 'Toys & kids',
  books: 'Books & media',
  travel: 'Travel',
  finance: 'Finance & loans',
  health: 'Health & beauty',
  food: 'Food & drinks',
  automotive: 'Automotive',
});

export const WEBSITE_CATEGORIES = categories({
  deals: 'Deals & coupons',
  tech: 'Technology',
  lifestyle: 'Lifestyle',
  sport: 'Sport',
  finance: 'Personal finance',
  travel: 'Travel',
  parenting: 'Parenting',
  gaming: 'Gaming',
  news: 'News',
  other: 'Other',
});

export const PAYOUT_METHODS = [
  { id: 1, code: 'bank_transfer', name: 'Bank transfer', currencies: ['PLN', 'EUR', 'USD'] },
  { id: 2, code: 'paypal', name: 'PayPal', currencies: ['EUR', 'USD'] },
  { id: 3, code: 'payoneer', name: 'Payoneer', currencies: ['USD'] },
];

export const STATUS_NAMES: Record<string, string> = {
  active: 'Active',
  paused: 'Paused',
  closed: 'Closed',
  pending: 'Pending',
  suspended: 'Suspended',
  deleted: 'Deleted',
  approved: 'Approved',
  rejected: 'Rejected',
};
