/**
 * `/publisher/websites/...` with the lifecycle of api-contract §9: new or
 * restored = pending, verify → active, DELETE marks deleted (hidden, 404),
 * restore brings deleted or suspended back to pending.
 */
import type { websitesRoutes } from '../../client/routes/index.js';
import { param, type Ctx, type HandlersFor } from '../context.js';
import { badRequest, fail } from '../errors.js';
import { created, json, matchesQuery, noContent, nowIso } from '../http.js';
import { paginate } from '../paginate.js';
import { presentWebsite } from '../present/websites.js';
import type { WebsiteRec, WebsiteStatus } from '../state.js';
import { findOr404 } from '../store.js';
import { checkVersion, requireObject, type WriteMode } from '../validate/common.js';
import { websiteChanges } from '../validate/websites.js';

/** A website by id (or guid); deleted ones only when `withDeleted`. */
function findSite(ctx: Ctx, withDeleted = false): WebsiteRec {
  const id = param(ctx, 'uuid');
  return findOr404(
    ctx.state.websites,
    (w) => (w.id === id || w.guid === id) && (withDeleted || w.status !== 'deleted'),
  );
}

const live = (ctx: Ctx) => ctx.state.websites.filter((w) => w.status !== 'deleted');

function touch(w: WebsiteRec): WebsiteRec {
  w._version += 1;
  w.updated_at = nowIso();
  return w;
}

function write(ctx: Ctx, mode: WriteMode): Response {
  const site = findSite(ctx);
  checkVersion(requireObject(ctx.body), site._version);
  Object.assign(site, websiteChanges(ctx.body, mode));
  return json(presentWebsite(touch(site)));
}

function transition(site: WebsiteRec, to: WebsiteStatus, from: WebsiteStatus[]): Response {
  if (!from.includes(site.status)) {
    fail(badRequest({ non_field_errors: [`A ${site.status} website cannot become ${to}.`] }));
  }
  site.status = to;
  if (to !== 'suspended') site.denial_reason = null;
  return json(presentWebsite(touch(site)));
}

export const websitesHandlers = {
  'websites.list': (ctx) => paginate(ctx.url, live(ctx), presentWebsite),
  'websites.create': (ctx) => {
    const changes = websiteChanges(ctx.body, 'create');
    const now = nowIso();
    const site: WebsiteRec = {
      id: ctx.state.rng.uuid(),
      guid: ctx.state.rng.uuid(),
      _version: 1,
      url: '',
      description: null,
      categories: [],
      target_audience: 'PL',
      type: 'other',
      ...changes,
      status: 'pending',
      denial_reason: null,
      created_at: now,
      updated_at: now,
    };
    ctx.state.websites.push(site);
    return created(presentWebsite(site));
  },
  'websites.find': (ctx) => {
    const q = ctx.url.searchParams.get('q') ?? '';
    const hits = live(ctx).filter((w) => matchesQuery(q, w.url, w.description, w.guid));
    return paginate(ctx.url, hits, presentWebsite);
  },
  'websites.get': (ctx) => json(presentWebsite(findSite(ctx))),
  'websites.update': (ctx) => write(ctx, 'replace'),
  'websites.patch': (ctx) => write(ctx, 'patch'),
  'websites.delete': (ctx) => {
    const site = findSite(ctx);
    site.status = 'deleted';
    touch(site);
    return noContent();
  },
  'websites.getVerification': (ctx) =>
    json({
      method: 'html_comment',
      code: `<!-- convertiser-verification: ${findSite(ctx).guid} -->`,
    }),
  'websites.verify': (ctx) => transition(findSite(ctx), 'active', ['pending', 'active']),
  'websites.restore': (ctx) => transition(findSite(ctx, true), 'pending', ['deleted', 'suspended']),
} satisfies HandlersFor<typeof websitesRoutes>;
