import { shape, type RouteDef } from './route-def.js';
import type { Conversion, Loose, Paginated } from '../types.js';

export const conversionsRoutes = {
  'conversions.list': {
    method: 'GET',
    path: '/publisher/conversions/',
    paginated: true,
    res: shape<Paginated<Conversion>>(),
  },
  'conversions.stats': {
    method: 'GET',
    path: '/publisher/conversions/stats/',
    res: shape<Loose>(),
  },
  'conversions.get': {
    method: 'GET',
    path: '/publisher/conversions/{uuid}/',
    res: shape<Conversion>(),
  },
  'conversions.listCpc': {
    method: 'GET',
    path: '/publisher/cpc-conversions/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'conversions.getCpc': {
    method: 'GET',
    path: '/publisher/cpc-conversions/{uuid}/',
    res: shape<Loose>(),
  },
} as const satisfies Record<string, RouteDef>;
