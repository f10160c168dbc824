/**
 * Shapes of the publisher API (spec §2, api-contract.md). Every field may be
 * missing or null on the wire; unknown extra fields are allowed and ignored.
 */

import type { Loose } from './loose.js';

export type { Loose } from './loose.js';

/** spec §2.1 — the list envelope. `next`/`previous` are absolute URLs. */
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** api-contract §4 — the envelope of `POST /publisher/products/v2/`. */
export interface ProductsV2Page<T = Product> {
  count: number;
  pagination: {
    page: number;
    page_size: number;
    next_page: number | null;
    previous_page: number | null;
  };
  data: T[];
}

export interface CategoryDetail {
  category?: string;
  category_name?: string;
  id?: number;
}

export interface CountryDetail {
  country?: string;
  country_name?: string;
  id?: number;
}

/** spec §2.2 */
export interface Offer extends Loose {
  id?: string;
  title?: string;
  description?: string;
  excerpt?: string | null;
  terms?: string | null;
  preview_url?: string | null;
  categories?: string[];
  categories_details?: CategoryDetail[];
  click_session_lifespan?: number | null;
  cpc_rate?: string | null;
  created_at?: string | null;
  currency?: string | null;
  currency_details?: Loose | null;
  enforce_geo_targeting?: boolean;
  geo_targets?: string[];
  geo_targets_details?: CountryDetail[];
  goals?: string | null;
  has_coupons?: boolean;
  has_products?: boolean;
  is_access_limited?: string | null;
  is_featured?: boolean;
  logo_thumbnail?: string | null;
  offer_access?: string | null;
  policy_cashback?: boolean;
  policy_coupons?: boolean;
  policy_email_marketing?: boolean;
  policy_incentivized?: boolean;
  policy_search_marketing?: boolean;
  policy_social_media?: boolean;
  stats?: Loose | null;
  status?: 'active' | 'paused' | 'closed' | (string & {});
  status_name?: string | null;
}

/** One row of an ad slot's `filters[]`: every field a string (api-contract §8). */
export type AdslotFilterRow = Partial<
  Record<
    | 'any'
    | 'brand'
    | 'category'
    | 'cpc_rate'
    | 'currency'
    | 'description'
    | 'discount'
    | 'feed_id'
    | 'gtin'
    | 'id'
    | 'is_cpc'
    | 'mpn'
    | 'offer'
    | 'offer_id'
    | 'price'
    | 'sale_price'
    | 'search_field'
    | 'status'
    | 'title'
    | 'updated_at',
    string | null
  >
>;

/** One placed item of a `manual` ad slot's `widgets[]`. */
export interface AdslotWidget {
  id?: string;
  item_type?: 'product' | 'offer' | 'banner' | 'html' | (string & {});
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  url?: string | null;
  token?: string | null;
  embed_code?: string | null;
}

/** spec §2.3 */
export interface Adslot extends Loose {
  id?: string;
  _version?: number;
  title?: string;
  website?: string;
  website_details?: { id?: string; guid?: string; url?: string } | null;
  type?: 'filter' | 'manual';
  type_name?: string | null;
  /** A JSON string of display options (see {@link AdslotConfig}), or empty. */
  config?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
  widget_code?: string | null;
  filters?: AdslotFilterRow[];
  widgets?: AdslotWidget[];
  /**
   * What the slot shows, added by the shipped proxy only (api-contract §10);
   * any part may be missing, and it is API data like the rest.
   */
  _embedded?: AdslotEmbedded | null;
}

/** The parts of an ad slot's composed answer (api-contract §10). */
export interface AdslotEmbedded {
  /** `filter` slots: the answer of the slot's own product search (`?key=`). */
  products?: Paginated<Product> | null;
  /** `manual` slots: one entry per item of `widgets[]`, in the same order. */
  widgets?: (AdslotEmbeddedWidget | null)[] | null;
}

/** What a placed widget of a `manual` slot shows (api-contract §10). */
export interface AdslotEmbeddedWidget {
  /** `product` and `offer` items without a `url`: their tracking link (with the sid). */
  tracking_link?: string | null;
  /** `product` items: the product. */
  product?: Product | null;
  /** `offer` items: the offer's id, title and logo. */
  offer?: Pick<Offer, 'id' | 'title' | 'logo_thumbnail'> | null;
}

/** The parsed `config` of an ad slot (api-contract §8). */
export interface AdslotConfig {
  layout?: 'grid' | 'list' | 'carousel';
  columns?: number;
  limit?: number;
  ordering?: string;
  show_price?: boolean;
  show_brand?: boolean;
  cta?: string;
  disclosure?: string;
}

/** spec §2.4 */
export interface Conversion extends Loose {
  id?: string;
  base_publisher_income?: number;
  publisher_income?: number;
  click_start_date?: string | null;
  click_end_date?: string | null;
  clicks_num?: string | null;
  commission_group?: string | null;
  commission_group_details?: Loose | null;
  commission_group_title?: string | null;
  created_at?: string | null;
  currency?: string | null;
  currency_details?: Loose | null;
  goal?: string | null;
  goal_details?: Loose | null;
  is_paid?: boolean;
  offer?: string | null;
  offer_details?: Loose | null;
  processed_at?: string | null;
  status?: 'pending' | 'approved' | 'rejected' | (string & {});
  status_message?: string | null;
  status_name?: string | null;
  website?: string | null;
  website_details?: Loose | null;
}

/** spec §2.5 */
export interface Website extends Loose {
  id?: string;
  _version?: number;
  guid?: string;
  url?: string;
  description?: string | null;
  categories?: string[];
  categories_details?: CategoryDetail[];
  target_audience?: string;
  target_audience_name?: string | null;
  type?: string;
  type_name?: string | null;
  status?: 'pending' | 'active' | 'suspended' | 'deleted' | (string & {});
  status_name?: string | null;
  denial_reason?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
}

/** api-contract §6 */
export interface Product extends Loose {
  id?: string;
  title?: string | null;
  description?: string | null;
  /** `"PLN 19.22"`: currency code, a space, a decimal. */
  price?: string | null;
  sale_price?: string | null;
  sale_price_effective_date?: string | null;
  discount?: number | null;
  offer?: string | null;
  offer_id?: string | null;
  brand?: string | null;
  category?: string | null;
  images?: {
    thumb_43?: string | null;
    thumb_180?: string | null;
    default?: string | null;
  } | null;
  image_link?: string | null;
  additional_image_link?: string | null;
  /** Click URL attributed to the website of `?key=`; null without a key. */
  link?: string | null;
  mobile_link?: string | null;
  direct_link?: string | null;
  gtin?: string | null;
  mpn?: string | null;
  updated_at?: string | null;
  is_cpc?: boolean | null;
  cpc_rate?: string | null;
  offer_display_url?: string | null;
}

export type { PaydayLoanOffer } from './payday-loans.js';

/** The body of both tracking-link PUTs (api-contract §7). */
export interface TrackingLinkRequest {
  website?: string;
  sid?: string;
  deep_link?: string;
  shorten?: boolean;
  traffic_back_url?: string;
}

/** The answer of both tracking-link PUTs: the request plus `tracking_link`. */
export interface TrackingLink extends TrackingLinkRequest, Loose {
  tracking_link: string;
}

export type ProductSearchLookup =
  'contains' | 'exact' | 'starts_with' | 'phrase' | 'dis_max' | 'lt' | 'gt' | 'range';

/** One element of a product search's `filters`: `{field: {lookup, value}}`. */
export type ProductSearchFilter = Record<
  string,
  { lookup: ProductSearchLookup | `~${ProductSearchLookup}`; value: unknown }
>;

/** The body of `POST /publisher/products/` and `/v2/` (api-contract §5). */
export interface ProductSearch {
  filters?: ProductSearchFilter[];
  ordering?: string;
  page?: number;
  page_size?: number;
}

/** api-contract §9 */
export interface ProductStats {
  event: 'view' | 'click';
  products: string[];
  adslot?: string | null;
  website?: string;
}
