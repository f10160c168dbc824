/** Report configs (system + user), saved reports and product export templates. */
import { known } from '../known.js';
import type { Rng } from '../prng.js';
import type { Loose } from '../state.js';

export const REPORT_GROUPS = ['day', 'offer', 'website', 'status'] as const;

export const SYSTEM_CONFIGS: Loose[] = [
  { slug: known.systemReportConfig, name: 'Daily performance', group_by: 'day' },
  { slug: 'performance-by-offer', name: 'Performance by offer', group_by: 'offer' },
  { slug: 'performance-by-website', name: 'Performance by website', group_by: 'website' },
  { slug: 'conversion-statuses', name: 'Conversions by status', group_by: 'status' },
].map((c) => ({ ...c, metrics: ['conversions', 'publisher_income'], is_system: true }));

export function seedUserConfigs(rng: Rng): Loose[] {
  return [
    { name: 'Last month by offer', group_by: 'offer', date_range: 'last_month' },
    { name: 'Year to date', group_by: 'day', date_range: 'year_to_date' },
    { name: 'Rejected only', group_by: 'offer', date_range: 'last_90_days', status: 'rejected' },
  ].map((c, i) => ({
    id: i === 0 ? known.userReportConfig : rng.uuid(),
    ...c,
    metrics: ['conversions', 'publisher_income'],
    is_system: false,
    created_at: `2024-0${i + 3}-10T09:00:00Z`,
    updated_at: `2024-0${i + 3}-10T09:00:00Z`,
  }));
}

export function seedReports(rng: Rng): Loose[] {
  return Array.from({ length: 5 }, (_, i) => ({
    id: rng.uuid(),
    name: `Monthly report 2024-${String(10 - i).padStart(2, '0')}`,
    config: SYSTEM_CONFIGS[i % SYSTEM_CONFIGS.length]?.slug,
    date_from: `2024-${String(10 - i).padStart(2, '0')}-01`,
    date_to: `2024-${String(10 - i).padStart(2, '0')}-28`,
    status: 'ready',
    rows: [],
    created_at: `2024-${String(11 - i).padStart(2, '0')}-01T06:00:00Z`,
  }));
}

/** Product fields an export template may list. */
export const EXPORT_FIELDS: Loose[] = [
  ['id', 'Product id', 'string'],
  ['title', 'Title', 'string'],
  ['description', 'Description', 'string'],
  ['brand', 'Brand', 'string'],
  ['category', 'Category', 'string'],
  ['price', 'Price', 'money'],
  ['sale_price', 'Sale price', 'money'],
  ['discount', 'Discount', 'number'],
  ['offer', 'Offer', 'string'],
  ['offer_id', 'Offer id', 'string'],
  ['link', 'Tracking link', 'url'],
  ['direct_link', 'Merchant URL', 'url'],
  ['image_link', 'Image', 'url'],
  ['gtin', 'GTIN', 'string'],
  ['mpn', 'MPN', 'string'],
  ['updated_at', 'Updated at', 'datetime'],
].map(([name, label, type]) => ({ name, label, type }));

export function seedExportTemplates(rng: Rng): Loose[] {
  return [
    { name: 'Basic CSV', fields: ['id', 'title', 'price', 'link'], format: 'csv' },
    { name: 'Full XML', fields: EXPORT_FIELDS.map((f) => f.name), format: 'xml' },
  ].map((t, i) => ({
    id: i === 0 ? known.exportTemplate : rng.uuid(),
    ...t,
    created_at: '2024-04-02T10:00:00Z',
    updated_at: '2024-04-02T10:00:00Z',
  }));
}
