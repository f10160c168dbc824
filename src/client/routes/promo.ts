import { shape, type RouteDef } from './route-def.js';
import type { Loose, PaydayLoanOffer } from '../types.js';

/**
 * `promo.getPaydayLoans`: the website's payday-loans page, a JSON array of loan offers
 * (api-contract §9; a widget read). Exported alone for the widgets' bundle.
 */
export const paydayLoans = {
  method: 'GET',
  path: '/publisher/payday-loans/{token}',
  public: true,
  res: shape<PaydayLoanOffer[]>(),
} as const satisfies RouteDef;

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
  'promo.getPaydayLoans': paydayLoans,
} as const satisfies Record<string, RouteDef>;
