/** Ad slot records → wire shape (spec §2.3, api-contract §8). */
import type { Adslot } from '../../client/types.js';
import { withOrigin } from '../click-codes.js';
import type { Ctx } from '../context.js';
import { escapeHtml } from '../http.js';
import type { AdslotRec } from '../state.js';
import { websiteRef } from './websites.js';

const TYPE_NAMES = { filter: 'Filter', manual: 'Manual' } as const;

/** The snippet a publisher pastes, in the exact form of api-contract §8. */
export function widgetCode(bundleUrl: string, adslotId: string, websiteGuid: string): string {
  return (
    `<script async src="${escapeHtml(bundleUrl)}" data-config="${escapeHtml(adslotId)}" ` +
    `data-key="${escapeHtml(websiteGuid)}"></script>`
  );
}

export function presentAdslot(a: AdslotRec, ctx: Ctx): Adslot {
  const website = ctx.state.websites.find((w) => w.id === a.website);
  return {
    ...a,
    website_details: websiteRef(website),
    type_name: TYPE_NAMES[a.type],
    widget_code: widgetCode(ctx.bundleUrl, a.id, website?.guid ?? ''),
    widgets: a.widgets.map((w) => ({
      ...w,
      url: typeof w.url === 'string' ? withOrigin(w.url, ctx.origin) : w.url,
      embed_code:
        typeof w.embed_code === 'string' ? withOrigin(w.embed_code, ctx.origin) : w.embed_code,
    })),
  };
}

/** Lists return a summary: no filter rows or widgets. */
export function adslotSummary(a: AdslotRec, ctx: Ctx): Adslot {
  const full: Adslot = presentAdslot(a, ctx);
  delete full.filters;
  delete full.widgets;
  return full;
}
