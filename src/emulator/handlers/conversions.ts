/** `/publisher/conversions/...` and `/publisher/cpc-conversions/...`. */
import type { conversionsRoutes } from '../../client/routes/index.js';
import { param, type Ctx, type HandlersFor } from '../context.js';
import { json } from '../http.js';
import { paginate } from '../paginate.js';
import { conversionSummary, presentConversion } from '../present/conversions.js';
import type { ConversionRec } from '../state.js';
import { byId, findOr404 } from '../store.js';

/** Optional `?status=`, `?offer=`, `?website=` narrowing (not in the spec, harmless). */
function filtered(ctx: Ctx): ConversionRec[] {
  const q = ctx.url.searchParams;
  return ctx.state.conversions.filter(
    (c) =>
      (!q.get('status') || c.status === q.get('status')) &&
      (!q.get('offer') || c.offer === q.get('offer')) &&
      (!q.get('website') || c.website === q.get('website')),
  );
}

function stats(ctx: Ctx): Response {
  const byStatus: Record<string, { count: number; base_publisher_income: number }> = {};
  let income = 0;
  for (const c of filtered(ctx)) {
    const s = (byStatus[c.status] ??= { count: 0, base_publisher_income: 0 });
    s.count += 1;
    s.base_publisher_income =
      Math.round((s.base_publisher_income + c.base_publisher_income) * 100) / 100;
    income += c.base_publisher_income;
  }
  return json({
    count: filtered(ctx).length,
    currency: 'PLN',
    base_publisher_income: Math.round(income * 100) / 100,
    by_status: byStatus,
  });
}

export const conversionsHandlers = {
  'conversions.list': (ctx) =>
    paginate(ctx.url, filtered(ctx), (c) => conversionSummary(c, ctx.state)),
  'conversions.stats': stats,
  'conversions.get': (ctx) => {
    const id = param(ctx, 'uuid');
    return json(
      presentConversion(
        findOr404(ctx.state.conversions, (c) => c.id === id),
        ctx.state,
      ),
    );
  },
  'conversions.listCpc': (ctx) => paginate(ctx.url, ctx.state.cpcConversions, (c) => c),
  'conversions.getCpc': (ctx) => json(byId(ctx.state.cpcConversions, param(ctx, 'uuid'))),
} satisfies HandlersFor<typeof conversionsRoutes>;
