import { shape, type RouteDef } from './route-def.js';
import type { Loose, Paginated } from '../types.js';

export const reportsRoutes = {
  'reports.list': {
    method: 'GET',
    path: '/publisher/reports/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'reports.create': {
    method: 'POST',
    path: '/publisher/reports/',
    res: shape<Loose>(),
    body: shape<Loose>(),
  },
  'reports.listSystemConfigs': {
    method: 'GET',
    path: '/publisher/reports/system-configs/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'reports.getSystemConfig': {
    method: 'GET',
    path: '/publisher/reports/system-configs/{slug}/',
    res: shape<Loose>(),
  },
  'reports.listUserConfigs': {
    method: 'GET',
    path: '/publisher/reports/user-configs/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'reports.createUserConfig': {
    method: 'POST',
    path: '/publisher/reports/user-configs/',
    res: shape<Loose>(),
    body: shape<Loose>(),
  },
  'reports.getUserConfig': {
    method: 'GET',
    path: '/publisher/reports/user-configs/{uuid}/',
    res: shape<Loose>(),
  },
  'reports.updateUserConfig': {
    method: 'PUT',
    path: '/publisher/reports/user-configs/{uuid}/',
    res: shape<Loose>(),
    body: shape<Loose>(),
  },
  'reports.patchUserConfig': {
    method: 'PATCH',
    path: '/publisher/reports/user-configs/{uuid}/',
    res: shape<Loose>(),
    body: shape<Loose>(),
  },
  'reports.deleteUserConfig': {
    method: 'DELETE',
    path: '/publisher/reports/user-configs/{uuid}/',
    res: shape<Loose>(),
  },
} as const satisfies Record<string, RouteDef>;
