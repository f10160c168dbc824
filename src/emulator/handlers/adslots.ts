/** `/publisher/adslots/...`: list, create, find, embed media, retrieve/update/delete. */
import type { adslotsRoutes } from '../../client/routes/index.js';
import { param, type Ctx, type HandlersFor } from '../context.js';
import { Errors } from '../errors.js';
import { created, escapeHtml, json, matchesQuery, noContent, nowIso } from '../http.js';
import { paginate } from '../paginate.js';
import { adslotSummary, presentAdslot } from '../present/adslots.js';
import type { AdslotRec } from '../state.js';
import { findOr404, removeFrom } from '../store.js';
import { adslotChanges } from '../validate/adslots.js';
import { checkVersion, requireObject, type WriteMode } from '../validate/common.js';

function findSlot(ctx: Ctx): AdslotRec {
  const id = param(ctx, 'uuid');
  return findOr404(ctx.state.adslots, (a) => a.id === id);
}

function write(ctx: Ctx, mode: WriteMode): Response {
  const slot = findSlot(ctx);
  checkVersion(requireObject(ctx.body), slot._version);
  Object.assign(slot, adslotChanges(ctx, ctx.body, mode));
  slot._version += 1;
  slot.updated_at = nowIso();
  return json(presentAdslot(slot, ctx));
}

export const adslotsHandlers = {
  'adslots.list': (ctx) => paginate(ctx.url, ctx.state.adslots, (a) => adslotSummary(a, ctx)),
  'adslots.create': (ctx) => {
    const changes = adslotChanges(ctx, ctx.body, 'create');
    const now = nowIso();
    const slot: AdslotRec = {
      id: ctx.state.rng.uuid(),
      _version: 1,
      title: '',
      website: '',
      type: 'filter',
      config: null,
      filters: [],
      widgets: [],
      ...changes,
      created_at: now,
      updated_at: now,
    };
    ctx.state.adslots.push(slot);
    return created(presentAdslot(slot, ctx));
  },
  'adslots.find': (ctx) => {
    const q = ctx.url.searchParams.get('q') ?? '';
    const hits = ctx.state.adslots.filter((a) => matchesQuery(q, a.title, a.id));
    return paginate(ctx.url, hits, (a) => adslotSummary(a, ctx));
  },
  'adslots.createEmbedMedia': (ctx) => {
    // An uploaded creative: the emulator keeps its name and serves an SVG for it.
    const body = requireObject(ctx.body);
    const errors = new Errors();
    if (typeof body.name !== 'string' || !body.name.trim())
      errors.add('name', 'This field is required.');
    errors.throwIfAny();
    const id = ctx.state.rng.uuid();
    const width = Number.isInteger(body.width) ? Number(body.width) : 300;
    const height = Number.isInteger(body.height) ? Number(body.height) : 250;
    const url = `${ctx.origin}/images/media-${id}.svg?w=${width}&h=${height}`;
    const media = {
      id,
      name: body.name,
      width,
      height,
      url,
      embed_code: `<img src="${url}" width="${width}" height="${height}" alt="${escapeHtml(String(body.name))}">`,
      created_at: nowIso(),
    };
    ctx.state.embedMedia.push(media);
    return created(media);
  },
  'adslots.get': (ctx) => json(presentAdslot(findSlot(ctx), ctx)),
  'adslots.update': (ctx) => write(ctx, 'replace'),
  'adslots.patch': (ctx) => write(ctx, 'patch'),
  'adslots.delete': (ctx) => {
    removeFrom(ctx.state.adslots, findSlot(ctx));
    return noContent();
  },
} satisfies HandlersFor<typeof adslotsRoutes>;
