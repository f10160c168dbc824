import { shape, type RouteDef } from './route-def.js';
import type {
  Loose,
  Paginated,
  Product,
  ProductSearch,
  ProductStats,
  ProductsV2Page,
  TrackingLink,
  TrackingLinkRequest,
} from '../types.js';

/**
 * The widget routes are also exported one by one, so a widget bundle carries
 * only the routes it calls; the area table below refers to them.
 */

/** `products.search`: product search (a widget read). */
export const productSearch = {
  method: 'POST',
  path: '/publisher/products/',
  paginated: true,
  cacheable: true,
  res: shape<Paginated<Product>>(),
  body: shape<ProductSearch>(),
} as const satisfies RouteDef;

/** `products.searchV2`: product search with the v2 envelope. */
export const productSearchV2 = {
  method: 'POST',
  path: '/publisher/products/v2/',
  paginatedV2: true,
  cacheable: true,
  res: shape<ProductsV2Page>(),
  body: shape<ProductSearch>(),
} as const satisfies RouteDef;

/** The most product ids one stats call reports (a page of them; the proxy refuses more). */
export const STATS_MAX_PRODUCTS = 100;

/** `products.createStats`: impressions and clicks, reported by the widgets. */
export const productStats = {
  method: 'POST',
  path: '/publisher/products/stats/',
  res: shape<Loose>(),
  body: shape<ProductStats>(),
} as const satisfies RouteDef;

/** `products.trackingLink`: a product's click URL (a widget read). */
export const productTrackingLink = {
  method: 'PUT',
  path: '/publisher/products/{id}/tracking_link/',
  cacheable: true,
  res: shape<TrackingLink>(),
  idempotent: true,
  body: shape<TrackingLinkRequest>(),
} as const satisfies RouteDef;

export const productsRoutes = {
  'products.search': productSearch,
  'products.searchV2': productSearchV2,
  'products.createStats': productStats,
  'products.trackingLink': productTrackingLink,
  'products.listExportTemplates': {
    method: 'GET',
    path: '/publisher/products/export_templates/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'products.createExportTemplate': {
    method: 'POST',
    path: '/publisher/products/export_templates/',
    res: shape<Loose>(),
    body: shape<Loose>(),
  },
  'products.listExportTemplateFields': {
    method: 'GET',
    path: '/publisher/products/export_templates/fields/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'products.getExportTemplate': {
    method: 'GET',
    path: '/publisher/products/export_templates/{uuid}/',
    res: shape<Loose>(),
  },
  'products.updateExportTemplate': {
    method: 'PUT',
    path: '/publisher/products/export_templates/{uuid}/',
    res: shape<Loose>(),
    body: shape<Loose>(),
  },
  'products.patchExportTemplate': {
    method: 'PATCH',
    path: '/publisher/products/export_templates/{uuid}/',
    res: shape<Loose>(),
    body: shape<Loose>(),
  },
  'products.deleteExportTemplate': {
    method: 'DELETE',
    path: '/publisher/products/export_templates/{uuid}/',
    res: shape<void>(),
  },
} as const satisfies Record<string, RouteDef>;
