/** `/system/...`: read-only reference data. */
import type { systemRoutes } from '../../client/routes/index.js';
import type { HandlersFor } from '../context.js';
import { json } from '../http.js';
import { paginate } from '../paginate.js';
import {
  COUNTRIES,
  CURRENCIES,
  FEED_LANGUAGES,
  LANGUAGES,
  OFFER_CATEGORIES,
  PAYOUT_METHODS,
  TIMEZONES,
  WEBSITE_CATEGORIES,
} from '../reference/index.js';

const same = <T>(x: T): T => x;

export const systemHandlers = {
  'system.getCompanyInfo': () =>
    json({
      name: 'Pubnet Network (emulator)',
      address: 'ul. Emulowana 1, 00-001 Warszawa, Poland',
      vat_id: 'PL0000000000',
      email: 'support@pubnet.example',
      phone: '+48 22 000 00 00',
    }),
  'system.listCountries': (ctx) =>
    paginate(ctx.url, COUNTRIES, (c) => ({
      id: c.id,
      code: c.code,
      country: c.code,
      name: c.name,
    })),
  'system.listCurrencies': (ctx) => paginate(ctx.url, CURRENCIES, same),
  'system.getGeoip': () => json({ ip: '127.0.0.1', country: 'PL', country_name: 'Poland' }),
  'system.listLanguages': (ctx) => paginate(ctx.url, LANGUAGES, same),
  'system.listOfferCategories': (ctx) => paginate(ctx.url, OFFER_CATEGORIES, same),
  'system.getPaymentThreshold': () =>
    json({
      currency: 'PLN',
      amount: 'PLN 100.00',
      thresholds: [
        { currency: 'PLN', amount: 'PLN 100.00' },
        { currency: 'EUR', amount: 'EUR 25.00' },
        { currency: 'USD', amount: 'USD 25.00' },
      ],
    }),
  'system.listPayoutMethods': (ctx) => paginate(ctx.url, PAYOUT_METHODS, same),
  'system.listFeedLanguages': (ctx) => paginate(ctx.url, FEED_LANGUAGES, same),
  'system.getReferralSystem': () =>
    json({
      enabled: true,
      commission_percent: 5,
      duration_months: 12,
      referral_code: 'DEALS-MEDIA',
    }),
  'system.listTimezones': (ctx) => paginate(ctx.url, TIMEZONES, same),
  // The emulator's own origin is the tracking domain (so click URLs work offline).
  'system.getTrackingDomain': (ctx) =>
    json({ domain: ctx.url.host, scheme: ctx.url.protocol.slice(0, -1), url: `${ctx.origin}/` }),
  'system.getTrackingParameters': () =>
    json({
      parameters: [
        { name: 'sid', description: 'SubID: up to 32 of A-Z a-z 0-9 _ -', max_length: 32 },
        { name: 'deep_link', description: 'Absolute http(s) URL of the landing page' },
        {
          name: 'traffic_back_url',
          description: 'Where to send traffic the offer does not accept',
        },
      ],
    }),
  'system.listWebsiteCategories': (ctx) => paginate(ctx.url, WEBSITE_CATEGORIES, same),
} satisfies HandlersFor<typeof systemRoutes>;
