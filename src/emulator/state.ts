/**
 * The in-memory records of one emulator instance, their types: the seed
 * (seed/) makes them and create-state.ts makes an instance's state of them.
 * Records hold what the emulator stores; `present/*` turns them into the wire
 * shapes (adding `*_details`, `status_name` and URLs on the emulator's own
 * origin).
 */
import type { AdslotFilterRow, AdslotWidget } from '../client/types.js';
import type { Rng } from './prng.js';

export type Loose = Record<string, unknown>;

export type WebsiteStatus = 'pending' | 'active' | 'suspended' | 'deleted';

export interface WebsiteRec {
  id: string;
  guid: string;
  _version: number;
  url: string;
  description: string | null;
  categories: string[];
  target_audience: string;
  type: string;
  status: WebsiteStatus;
  denial_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface OfferRec {
  id: string;
  title: string;
  description: string;
  excerpt: string | null;
  terms: string | null;
  preview_url: string;
  /** The merchant's host, for `offers/detect/`. */
  domain: string;
  categories: string[];
  click_session_lifespan: number;
  cpc_rate: string | null;
  created_at: string;
  currency: string;
  enforce_geo_targeting: boolean;
  geo_targets: string[];
  goals: string;
  has_coupons: boolean;
  has_products: boolean;
  is_access_limited: string;
  is_featured: boolean;
  offer_access: string;
  policy_cashback: boolean;
  policy_coupons: boolean;
  policy_email_marketing: boolean;
  policy_incentivized: boolean;
  policy_search_marketing: boolean;
  policy_social_media: boolean;
  stats: Loose;
  status: 'active' | 'paused' | 'closed';
}

export interface GoalRec {
  id: string;
  offer: string;
  title: string;
  type: 'sale' | 'lead';
  payout: string;
}

export interface ProductImages {
  thumb_43: string | null;
  thumb_180: string | null;
  default: string | null;
}

export interface ProductRec {
  id: string;
  title: string | null;
  description: string | null;
  price: string | null;
  sale_price: string | null;
  sale_price_effective_date: string | null;
  discount: number | null;
  offer: string | null;
  offer_id: string | null;
  brand: string | null;
  category: string | null;
  google_product_category: string | null;
  product_type: string | null;
  color: string | null;
  size: string | null;
  gender: string | null;
  age_group: string | null;
  gtin: string | null;
  mpn: string | null;
  updated_at: string | null;
  is_cpc: boolean | null;
  cpc_rate: string | null;
  offer_display_url: string | null;
  direct_link: string | null;
  mobile_link: string | null;
  feed_id: string;
  currency: string | null;
  status: string;
  /** Hostile products carry these fixed values instead of the emulator's own URLs. */
  fixed?: {
    link?: string | null;
    images?: ProductImages | null;
    image_link?: string | null;
    additional_image_link?: string | null;
  };
}

export interface AdslotRec {
  id: string;
  _version: number;
  title: string;
  website: string;
  type: 'filter' | 'manual';
  config: string | null;
  created_at: string;
  updated_at: string;
  filters: AdslotFilterRow[];
  widgets: AdslotWidget[];
}

export interface ConversionRec {
  id: string;
  offer: string;
  website: string;
  goal: string;
  commission_group: string;
  commission_group_title: string;
  created_at: string;
  click_start_date: string;
  click_end_date: string;
  clicks_num: string;
  currency: string;
  publisher_income: number;
  base_publisher_income: number;
  is_paid: boolean;
  processed_at: string | null;
  status: 'pending' | 'approved' | 'rejected';
  status_message: string | null;
}

/** A lender of the payday-loans page (seed/loans.ts): the wire fields but `logo` and `tracking_link`. */
export interface LoanRec {
  domain: string;
  title?: string | null;
  loan_type?: string | null;
  min_loan_amount?: number | null;
  max_loan_amount?: number | null;
  min_loan_period?: number | null;
  max_loan_period?: number | null;
  first_loan_max_amount?: number | null;
  first_loan_max_period?: number | null;
  first_loan_fees?: boolean | null;
  customer_blacklist_check?: boolean | null;
  customer_income_check?: boolean | null;
  min_customer_age?: number | null;
  max_customer_age?: number | null;
  rating?: number | null;
  promotion?: string | null;
  loan_simulation?: string | null;
  /** Answered instead of the emulator's own URLs; a key set to `undefined` is left out. */
  fixed?: { logo?: string | null; tracking_link?: string | null };
}

/** What a click code stands for (see clicks.ts). */
export interface ClickTarget {
  /** `loan`: a lender of the payday-loans page, `id` its domain. */
  kind: 'offer' | 'product' | 'loan';
  id: string;
  website: string | null;
  sid?: string;
  deep_link?: string;
  traffic_back_url?: string;
}

export interface ClickRecord {
  code: string;
  at: string;
  target: ClickTarget;
  sid: string | null;
  deep_link: string | null;
}

/** Everything the seed produces; cloned per instance except the products. */
export interface Seed {
  websites: WebsiteRec[];
  offers: OfferRec[];
  goals: GoalRec[];
  products: ProductRec[];
  adslots: AdslotRec[];
  conversions: ConversionRec[];
  cpcConversions: Loose[];
  subaccounts: Loose[];
  invoices: Loose[];
  billingAccounts: Loose[];
  paymentAccount: Loose;
  paymentStatus: Loose;
  settings: Record<string, Loose>;
  password: string;
  privateTokens: Loose[];
  reports: Loose[];
  systemConfigs: Loose[];
  userConfigs: Loose[];
  exportTemplates: Loose[];
  exportFields: Loose[];
  /** The lenders of the payday-loans page (fixed data). */
  loans: LoanRec[];
  /** Click codes the seed's own widgets use. */
  clickTargets: [string, ClickTarget][];
}

export interface State extends Omit<Seed, 'products' | 'clickTargets'> {
  /** Shared by all instances: products are never written. */
  readonly products: readonly ProductRec[];
  readonly productById: ReadonlyMap<string, ProductRec>;
  clickTargets: Map<string, ClickTarget>;
  clicks: ClickRecord[];
  productStats: Loose[];
  embedMedia: Loose[];
  /** For ids and keys made at runtime: still deterministic per instance. */
  rng: Rng;
}
