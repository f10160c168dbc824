import { shape, type RouteDef } from './route-def.js';
import type { Offer, Paginated, TrackingLink, TrackingLinkRequest } from '../types.js';

/** `offers.trackingLink`: an offer's click URL (a widget read). Exported alone for the widgets' bundle. */
export const offerTrackingLink = {
  method: 'PUT',
  path: '/publisher/offers/{uuid}/tracking_link/',
  cacheable: true,
  res: shape<TrackingLink>(),
  idempotent: true,
  body: shape<TrackingLinkRequest>(),
} as const satisfies RouteDef;

/** `offers.get`: one offer (a widget read: a price comparison's shop logos). Exported alone for the widgets' bundle. */
export const offerGet = {
  method: 'GET',
  path: '/publisher/offers/{uuid}/',
  res: shape<Offer>(),
} as const satisfies RouteDef;

export const offersRoutes = {
  'offers.list': {
    method: 'GET',
    path: '/publisher/offers/',
    paginated: true,
    res: shape<Paginated<Offer>>(),
  },
  'offers.detect': {
    method: 'GET',
    path: '/publisher/offers/detect/',
    res: shape<Offer>(),
  },
  'offers.find': {
    method: 'GET',
    path: '/publisher/offers/find/',
    paginated: true,
    res: shape<Paginated<Offer>>(),
  },
  'offers.get': offerGet,
  'offers.trackingLink': offerTrackingLink,
} as const satisfies Record<string, RouteDef>;
