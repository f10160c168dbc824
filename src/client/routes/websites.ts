import { shape, type RouteDef } from './route-def.js';
import type { Loose, Paginated, Website } from '../types.js';

export const websitesRoutes = {
  'websites.list': {
    method: 'GET',
    path: '/publisher/websites/',
    paginated: true,
    res: shape<Paginated<Website>>(),
  },
  'websites.create': {
    method: 'POST',
    path: '/publisher/websites/',
    res: shape<Website>(),
    body: shape<Website>(),
  },
  'websites.find': {
    method: 'GET',
    path: '/publisher/websites/find/',
    paginated: true,
    res: shape<Paginated<Website>>(),
  },
  'websites.get': {
    method: 'GET',
    path: '/publisher/websites/{uuid}/',
    res: shape<Website>(),
  },
  'websites.update': {
    method: 'PUT',
    path: '/publisher/websites/{uuid}/',
    res: shape<Website>(),
    body: shape<Website>(),
  },
  'websites.patch': {
    method: 'PATCH',
    path: '/publisher/websites/{uuid}/',
    res: shape<Website>(),
    body: shape<Website>(),
  },
  'websites.delete': {
    method: 'DELETE',
    path: '/publisher/websites/{uuid}/',
    res: shape<void>(),
  },
  'websites.getVerification': {
    method: 'GET',
    path: '/publisher/websites/{uuid}/get_verification/',
    res: shape<Loose>(),
  },
  'websites.verify': {
    method: 'PUT',
    path: '/publisher/websites/{uuid}/verify/',
    res: shape<Website>(),
    body: shape<Loose>(),
  },
  'websites.restore': {
    method: 'PUT',
    path: '/publisher/websites/{uuid}/restore/',
    res: shape<Website>(),
    body: shape<Loose>(),
  },
} as const satisfies Record<string, RouteDef>;
