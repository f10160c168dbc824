import { shape, type RouteDef } from './route-def.js';
import type { Adslot, Loose, Paginated } from '../types.js';

/** `adslots.get`: an ad slot with its config (a widget read). Exported alone for the widgets' bundle. */
export const adslotGet = {
  method: 'GET',
  path: '/publisher/adslots/{uuid}/',
  cacheable: true,
  res: shape<Adslot>(),
} as const satisfies RouteDef;

export const adslotsRoutes = {
  'adslots.list': {
    method: 'GET',
    path: '/publisher/adslots/',
    paginated: true,
    res: shape<Paginated<Adslot>>(),
  },
  'adslots.create': {
    method: 'POST',
    path: '/publisher/adslots/',
    res: shape<Adslot>(),
    body: shape<Adslot>(),
  },
  'adslots.find': {
    method: 'GET',
    path: '/publisher/adslots/find/',
    paginated: true,
    res: shape<Paginated<Adslot>>(),
  },
  'adslots.createEmbedMedia': {
    method: 'POST',
    path: '/publisher/adslots/embed_media/',
    res: shape<Loose>(),
    body: shape<Loose>(),
  },
  'adslots.get': adslotGet,
  'adslots.update': {
    method: 'PUT',
    path: '/publisher/adslots/{uuid}/',
    res: shape<Adslot>(),
    body: shape<Adslot>(),
  },
  'adslots.patch': {
    method: 'PATCH',
    path: '/publisher/adslots/{uuid}/',
    res: shape<Adslot>(),
    body: shape<Adslot>(),
  },
  'adslots.delete': {
    method: 'DELETE',
    path: '/publisher/adslots/{uuid}/',
    res: shape<void>(),
  },
} as const satisfies Record<string, RouteDef>;
