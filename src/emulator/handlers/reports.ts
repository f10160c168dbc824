/** `/publisher/reports/...`: reports, system configs, user configs. */
import type { reportsRoutes } from '../../client/routes/index.js';
import { param, type Ctx, type HandlersFor } from '../context.js';
import { Errors } from '../errors.js';
import { created, json, noContent } from '../http.js';
import { paginate } from '../paginate.js';
import { buildReport } from '../reports.js';
import type { Loose } from '../state.js';
import { byId, createIn, findOr404, mergeInto, removeFrom, replaceIn } from '../store.js';
import { requireObject } from '../validate/common.js';

function userConfigBody(ctx: Ctx, required: boolean): Loose {
  const body = requireObject(ctx.body);
  const errors = new Errors();
  if (
    (required || body.name !== undefined) &&
    (typeof body.name !== 'string' || !body.name.trim())
  ) {
    errors.add('name', 'This field is required.');
  }
  errors.throwIfAny();
  return { ...body, is_system: false };
}

export const reportsHandlers = {
  'reports.list': (ctx) =>
    paginate(ctx.url, ctx.state.reports, (r) => {
      // The list is a summary: the rows only come with the created report.
      const { rows, ...summary } = r;
      return { ...summary, rows_count: Array.isArray(rows) ? rows.length : 0 };
    }),
  'reports.create': (ctx) => {
    const report = buildReport(ctx.state, requireObject(ctx.body));
    return created(createIn(ctx.state.reports, report, ctx.state.rng.uuid()));
  },
  'reports.listSystemConfigs': (ctx) => paginate(ctx.url, ctx.state.systemConfigs, (c) => c),
  'reports.getSystemConfig': (ctx) => {
    const slug = param(ctx, 'slug');
    return json(findOr404(ctx.state.systemConfigs, (c) => c.slug === slug));
  },
  'reports.listUserConfigs': (ctx) => paginate(ctx.url, ctx.state.userConfigs, (c) => c),
  'reports.createUserConfig': (ctx) =>
    created(createIn(ctx.state.userConfigs, userConfigBody(ctx, true), ctx.state.rng.uuid())),
  'reports.getUserConfig': (ctx) => json(byId(ctx.state.userConfigs, param(ctx, 'uuid'))),
  'reports.updateUserConfig': (ctx) => {
    const item = byId(ctx.state.userConfigs, param(ctx, 'uuid'));
    return json(replaceIn(item, userConfigBody(ctx, true)));
  },
  'reports.patchUserConfig': (ctx) => {
    const item = byId(ctx.state.userConfigs, param(ctx, 'uuid'));
    return json(mergeInto(item, userConfigBody(ctx, false)));
  },
  'reports.deleteUserConfig': (ctx) => {
    removeFrom(ctx.state.userConfigs, byId(ctx.state.userConfigs, param(ctx, 'uuid')));
    return noContent();
  },
} satisfies HandlersFor<typeof reportsRoutes>;
