import { shape, type RouteDef } from './route-def.js';
import type { Loose, Paginated } from '../types.js';

export const toolsRoutes = {
  'tools.trySharedTracking': {
    method: 'POST',
    path: '/publisher/shared_tracking/try/',
    res: shape<Loose>(),
    body: shape<Loose>(),
  },
  'tools.findSubaccounts': {
    method: 'GET',
    path: '/publisher/subaccounts/find/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'tools.findGoals': {
    method: 'GET',
    path: '/publisher/goals/find/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
} as const satisfies Record<string, RouteDef>;
