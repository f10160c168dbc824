/** Tools: the shared-tracking test, subaccount finder, goal finder. */
import type { toolsRoutes } from '../../client/routes/index.js';
import type { HandlersFor } from '../context.js';
import { invalid } from '../errors.js';
import { created, isHttpUrl, matchesQuery, nowIso } from '../http.js';
import { paginate } from '../paginate.js';
import { offerSummary } from '../present/offers.js';
import { requireObject } from '../validate/common.js';

export const toolsHandlers = {
  'tools.trySharedTracking': (ctx) => {
    // Checks whether a merchant URL belongs to a known offer, as a tracking test would.
    const body = requireObject(ctx.body);
    if (!isHttpUrl(body.url)) invalid('url', 'Enter a valid absolute http(s) URL.');
    const host = new URL(body.url as string).hostname;
    const offer = ctx.state.offers.find((o) => host === o.domain || host.endsWith(`.${o.domain}`));
    return created({
      id: ctx.state.rng.uuid(),
      url: body.url,
      status: offer ? 'ok' : 'no_offer',
      offer: offer ? offerSummary(offer, ctx) : null,
      tested_at: nowIso(),
    });
  },
  'tools.findSubaccounts': (ctx) => {
    const q = ctx.url.searchParams.get('q') ?? '';
    const hits = ctx.state.subaccounts.filter((s) => matchesQuery(q, s.name, s.sid));
    return paginate(ctx.url, hits, (s) => s);
  },
  'tools.findGoals': (ctx) => {
    const q = ctx.url.searchParams.get('q') ?? '';
    const offer = ctx.url.searchParams.get('offer');
    const hits = ctx.state.goals.filter(
      (g) => matchesQuery(q, g.title) && (!offer || g.offer === offer),
    );
    return paginate(ctx.url, hits, (g) => g);
  },
} satisfies HandlersFor<typeof toolsRoutes>;
