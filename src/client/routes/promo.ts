import { shape, type RouteDef } from './route-def.js';
import type { Loose } from '../types.js';

export const promoRoutes = {
  'promo.getBlackFriday': {
    method: 'GET',
    path: '/publisher/black-friday/{token}',
    public: true,
    res: shape<Loose>(),
  },
  'promo.getBlackFridayLegacy': {
    method: 'GET',
    path: '/publisher/black-friday-legacy/{token}',
    public: true,
    res: shape<Loose>(),
  },
  'promo.getPaydayLoans': {
    method: 'GET',
    path: '/publisher/payday-loans/{token}',
    public: true,
    res: shape<Loose>(),
  },
} as const satisfies Record<string, RouteDef>;
