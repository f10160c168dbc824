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

export const productsRoutes = {
  'products.search': {
    method: 'POST',
    path: '/publisher/products/',
    paginated: true,
    cacheable: true,
    res: shape<Paginated<Product>>(),
    body: shape<ProductSearch>(),
  },
  'products.searchV2': {
    method: 'POST',
    path: '/publisher/products/v2/',
    paginatedV2: true,
    cacheable: true,
    res: shape<ProductsV2Page>(),
    body: shape<ProductSearch>(),
  },
  'products.createStats': {
    method: 'POST',
    path: '/publisher/products/stats/',
    res: shape<Loose>(),
    body: shape<ProductStats>(),
  },
  'products.trackingLink': {
    method: 'PUT',
    path: '/publisher/products/{id}/tracking_link/',
    cacheable: true,
    res: shape<TrackingLink>(),
    idempotent: true,
    body: shape<TrackingLinkRequest>(),
  },
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
