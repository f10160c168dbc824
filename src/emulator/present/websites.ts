/** Website records → wire shape (spec §2.5). */
import type { Website } from '../../client/types.js';
import { country, STATUS_NAMES, WEBSITE_CATEGORIES, WEBSITE_TYPES } from '../reference/index.js';
import type { WebsiteRec } from '../state.js';
import { categoryDetails } from './offers.js';

export function presentWebsite(w: WebsiteRec): Website {
  return {
    ...w,
    categories_details: categoryDetails(w.categories, WEBSITE_CATEGORIES),
    target_audience_name: country(w.target_audience)?.name ?? null,
    type_name: WEBSITE_TYPES[w.type] ?? null,
    status_name: STATUS_NAMES[w.status] ?? w.status,
  };
}

/** `website_details` of ad slots and conversions (api-contract §8). */
export function websiteRef(w: WebsiteRec | undefined) {
  return w ? { id: w.id, guid: w.guid, url: w.url } : null;
}
