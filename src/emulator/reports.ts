/** Building a report from the stored conversions, grouped by day/offer/website/status. */
import { Errors } from './errors.js';
import type { Json } from './http.js';
import { REPORT_GROUPS } from './seed/reports.js';
import type { ConversionRec, Loose, State } from './state.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function groupKey(c: ConversionRec, by: string, state: State): string {
  if (by === 'offer') return state.offers.find((o) => o.id === c.offer)?.title ?? c.offer;
  if (by === 'website') return state.websites.find((w) => w.id === c.website)?.url ?? c.website;
  if (by === 'status') return c.status;
  return c.created_at.slice(0, 10);
}

/** Validates a report request and computes its rows. */
export function buildReport(state: State, body: Json): Loose {
  const errors = new Errors();
  let groupBy = body.group_by;
  if (body.config !== undefined) {
    const cfg = [...state.systemConfigs, ...state.userConfigs].find(
      (c) => c.slug === body.config || c.id === body.config,
    );
    if (!cfg) errors.add('config', `Unknown report config "${String(body.config)}".`);
    groupBy ??= cfg?.group_by;
  }
  groupBy ??= 'day';
  if (!REPORT_GROUPS.includes(groupBy as (typeof REPORT_GROUPS)[number])) {
    errors.add('group_by', `"${String(groupBy)}" is not a valid choice.`);
  }
  for (const f of ['date_from', 'date_to']) {
    if (body[f] !== undefined && !(typeof body[f] === 'string' && DATE.test(body[f]))) {
      errors.add(f, 'Date has wrong format. Use YYYY-MM-DD.');
    }
  }
  errors.throwIfAny();
  const from = typeof body.date_from === 'string' ? body.date_from : '0000-01-01';
  const to = typeof body.date_to === 'string' ? body.date_to : '9999-12-31';
  const rows = new Map<
    string,
    { key: string; conversions: number; base_publisher_income: number }
  >();
  for (const c of state.conversions) {
    const day = c.created_at.slice(0, 10);
    if (day < from || day > to) continue;
    const key = groupKey(c, String(groupBy), state);
    const row = rows.get(key) ?? { key, conversions: 0, base_publisher_income: 0 };
    row.conversions += 1;
    row.base_publisher_income =
      Math.round((row.base_publisher_income + c.base_publisher_income) * 100) / 100;
    rows.set(key, row);
  }
  return {
    name: typeof body.name === 'string' ? body.name : `Report by ${String(groupBy)}`,
    config: body.config ?? null,
    group_by: groupBy,
    date_from: body.date_from ?? null,
    date_to: body.date_to ?? null,
    status: 'ready',
    currency: 'PLN',
    rows: [...rows.values()].sort((a, b) => a.key.localeCompare(b.key)),
  };
}
