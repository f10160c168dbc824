/**
 * Every route key of the client's route table → its handler. The type makes
 * the compiler fail when a route has no handler.
 */
import type { RouteKey } from '../../client/routes/index.js';
import type { Handler } from '../context.js';
import { adslotsHandlers } from './adslots.js';
import { billingHandlers } from './billing.js';
import { conversionsHandlers } from './conversions.js';
import { myHandlers } from './my.js';
import { offersHandlers } from './offers.js';
import { productsHandlers } from './products.js';
import { promoHandlers } from './promo.js';
import { reportsHandlers } from './reports.js';
import { systemHandlers } from './system.js';
import { toolsHandlers } from './tools.js';
import { websitesHandlers } from './websites.js';

export const handlers: Record<RouteKey, Handler> = {
  ...myHandlers,
  ...systemHandlers,
  ...billingHandlers,
  ...toolsHandlers,
  ...reportsHandlers,
  ...adslotsHandlers,
  ...promoHandlers,
  ...productsHandlers,
  ...websitesHandlers,
  ...conversionsHandlers,
  ...offersHandlers,
};
