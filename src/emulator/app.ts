/**
 * The Hono app: routes come from the client's route table (`routeList`), each
 * key mapped to its handler; per path, a catch-all after the method handlers
 * answers 405. Static paths are registered before parametrised ones, so
 * `find/`, `stats/`, `unified_balance/`, `fields/` win over `{uuid}`.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { TrieRouter } from 'hono/router/trie-router';
import { routeList, type RouteDef, type RouteKey } from '../client/routes/index.js';
import { click, landing } from './clicks.js';
import type { Ctx, Handler } from './context.js';
import { ApiError, detail, notFound } from './errors.js';
import type { FaultSet } from './faults.js';
import { handlers } from './handlers/index.js';
import { image } from './images.js';
import {
  auth,
  cors,
  faults,
  latency,
  requestLog,
  type Env,
  type LatencyTimers,
} from './middleware.js';
import type { State } from './state.js';
import type { RequestLogEntry } from './types.js';

export interface AppDeps {
  state: State;
  token: string;
  bundleUrl: string;
  log: RequestLogEntry[];
  onRequest?: (entry: RequestLogEntry) => void;
  latency: () => number;
  timers: LatencyTimers;
  faults: FaultSet;
}

/** `/a/{id}/` → `/a/:id/`. */
export const toHonoPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

function wrap(handler: Handler, deps: AppDeps) {
  return async (c: Context<Env>) => {
    const bodyError = c.get('bodyError');
    if (bodyError) return detail(400, bodyError);
    const url = new URL(c.req.url);
    const ctx: Ctx = {
      state: deps.state,
      url,
      origin: url.origin,
      params: c.req.param() as Record<string, string>,
      body: c.get('body'),
      req: c.req.raw,
      bundleUrl: deps.bundleUrl,
    };
    try {
      return await handler(ctx);
    } catch (e) {
      if (e instanceof ApiError) return e.response;
      throw e;
    }
  };
}

/** Route table paths grouped by path, static paths first, otherwise in spec order. */
function pathsInOrder(): [string, [RouteKey, RouteDef][]][] {
  const byPath = new Map<string, [RouteKey, RouteDef][]>();
  for (const [key, def] of routeList) {
    byPath.set(def.path, [...(byPath.get(def.path) ?? []), [key, def]]);
  }
  const params = (p: string) => (p.match(/\{/g) ?? []).length;
  return [...byPath].sort(([a], [b]) => params(a) - params(b));
}

/** Routes outside the API table: the tracking domain and generated images. */
const EXTRA: [string, Handler][] = [
  ['/click/:code/', click],
  ['/landing/:code/', landing],
  ['/images/:file', image],
];

export function buildApp(deps: AppDeps): Hono<Env> {
  const app = new Hono<Env>();
  app.use('*', requestLog(deps.log, deps.onRequest));
  app.use('*', cors());
  app.use('*', latency(deps.latency, deps.timers));
  app.use('*', faults(deps.faults));
  app.use('*', etag({ weak: true }));

  const guard = auth(deps.token);
  // Answers whether a path (with its slash appended) would match a route.
  const canonical = new TrieRouter<true>();
  for (const [path, defs] of pathsInOrder()) {
    const honoPath = toHonoPath(path);
    const open = defs.some(([, d]) => d.public);
    // Public routes (the token pages) skip the auth guard.
    const on = (method: string, h: MiddlewareHandler<Env>) =>
      open ? app.on(method, honoPath, h) : app.on(method, honoPath, guard, h);
    for (const [key, def] of defs) on(def.method, wrap(handlers[key], deps));
    const allow = [...new Set(defs.map(([, d]) => d.method)), 'OPTIONS'].join(', ');
    on('ALL', async (c) => {
      const res = detail(405, `Method "${c.req.method}" not allowed.`);
      res.headers.set('Allow', allow);
      return res;
    });
    canonical.add('ALL', honoPath, true);
  }
  for (const [path, handler] of EXTRA) {
    app.get(path, wrap(handler, deps));
    canonical.add('ALL', path, true);
  }

  app.notFound((c) => {
    const url = new URL(c.req.url);
    if (!url.pathname.endsWith('/') && canonical.match('ALL', `${url.pathname}/`)[0].length > 0) {
      // Django's APPEND_SLASH: the canonical path, query kept.
      return new Response(null, {
        status: 301,
        headers: { Location: `${url.pathname}/${url.search}` },
      });
    }
    return notFound();
  });
  app.onError((err, c) => {
    if (c.req.raw.signal.aborted) return detail(499, 'Client closed request.');
    console.error('[pubnet-emulator]', err);
    return detail(500, 'Internal server error.');
  });
  return app;
}
