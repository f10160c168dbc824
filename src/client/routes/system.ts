import { shape, type RouteDef } from './route-def.js';
import type { Loose, Paginated } from '../types.js';

export const systemRoutes = {
  'system.getCompanyInfo': {
    method: 'GET',
    path: '/system/company_info/',
    res: shape<Loose>(),
  },
  'system.listCountries': {
    method: 'GET',
    path: '/system/countries/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'system.listCurrencies': {
    method: 'GET',
    path: '/system/currencies/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'system.getGeoip': {
    method: 'GET',
    path: '/system/geoip/',
    res: shape<Loose>(),
  },
  'system.listLanguages': {
    method: 'GET',
    path: '/system/languages/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'system.listOfferCategories': {
    method: 'GET',
    path: '/system/offer_categories/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'system.getPaymentThreshold': {
    method: 'GET',
    path: '/system/payment_threshold/',
    res: shape<Loose>(),
  },
  'system.listPayoutMethods': {
    method: 'GET',
    path: '/system/payout_methods/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'system.listFeedLanguages': {
    method: 'GET',
    path: '/system/products/feed_languages/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'system.getReferralSystem': {
    method: 'GET',
    path: '/system/referral_system/',
    res: shape<Loose>(),
  },
  'system.listTimezones': {
    method: 'GET',
    path: '/system/timezones/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'system.getTrackingDomain': {
    method: 'GET',
    path: '/system/tracking_domain/',
    res: shape<Loose>(),
  },
  'system.getTrackingParameters': {
    method: 'GET',
    path: '/system/tracking_parameters/',
    res: shape<Loose>(),
  },
  'system.listWebsiteCategories': {
    method: 'GET',
    path: '/system/website_categories/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
} as const satisfies Record<string, RouteDef>;
