/**
 * The token-holding proxy: a web-standard `(Request) => Promise<Response>`
 * that forwards the widget routes of the publisher API (allow-list.ts) with
 * the publisher's token added, and answers everything else itself.
 *
 * Order of checks, cheapest and most protective first: base path, CORS
 * preflight, allow-list, query and body checks with website pinning
 * (prepare.ts), then the read path (read-path.ts): cache, upstream back-off,
 * the client's rate limit (it counts upstream calls, so only a read that
 * would start one is ever refused), one (coalesced) upstream call under the
 * concurrency cap, and an expired cache entry within the stale-if-error
 * window when that call fails or is refused a turn. An ad slot's GET is
 * answered composed (compose/adslot.ts), its parts read through that same path,
 * unless the `compose` option is `false`: then it is forwarded like any read.
 *
 * Under `/render/` it answers rendered HTML instead (render/routes.ts,
 * api-contract §11): an element rendered with Lit SSR from the answer this
 * same handler gives its JSON read, and the CSS that HTML links to. At
 * `/lexicon/` it answers the in-text links' lexicon (lexicon/lexicon.ts,
 * api-contract §15): the publisher's offers by name, built by the proxy's own
 * calls, never a visitor's.
 *
 * The public edge (api-contract §12): of a request only the method, path,
 * query, body, `Origin`, `Accept-Encoding` and `If-None-Match` count (and the
 * rate limit's address). Its host never does: links name the configured
 * public URL, or the base path alone. HEAD is answered as GET without a body,
 * a known path with another method 405 with `Allow`.
 *
 * Its layers, each importing only from those before it (the test that holds
 * them: test/tooling/import-circles.test.ts): http/ (HTTP alone: responses,
 * CORS, ETags, bodies, hosts, the client's address) ← policy/ (what may pass:
 * the allow-list, the checks of a query and a body, scrubbing, link hosts) ←
 * read/ (the read path: cache, stores, upstream, back-off, limits) ← compose/,
 * render/ and lexicon/ (the offers' names), side by side ← the top level,
 * which wires them (this file, parts.ts, responder.ts, plans.ts, outcome.ts, handler.ts,
 * the CLI). options.ts (the options' types), option-checks.ts and lru.ts are
 * leaves any layer may use.
 */
import { composeAdslot } from './compose/adslot.js';
import { checkLinkSite } from './compose/link-site.js';
import { clientIp, clientKey } from './http/client-ip.js';
import { validHost } from './http/host.js';
import { detail, notFound } from './http/respond.js';
import { waitUntilOf, type ConnectionInfo, type Proxy, type ProxyHeld } from './handler.js';
import { Lexicon, type ProxyLexicon } from './lexicon/lexicon.js';
import type { ProxyOptions } from './options.js';
import { failure, logged, type Outcome } from './outcome.js';
import { Plans, type Plan } from './plans.js';
import { resolveOptions } from './resolve-options.js';
import { allowedMethods, resolveRoute } from './policy/allow-list.js';
import { prepareRead, prepareRequest } from './policy/prepare.js';
import { Budget } from './read/rate-limit.js';
import { ReadPath, type Read } from './read/read-path.js';
import { proxyParts } from './parts.js';
import { RenderRoutes } from './render/routes.js';

/**
 * The origin of the requests a render makes to this same handler, in
 * process: fixed, so that nothing of the visitor's request (its `Host`)
 * reaches the render's reads or what it writes.
 */
const INTERNAL_ORIGIN = 'http://pubnet-proxy.internal';

export type { ConnectionInfo, Proxy, ProxyHandler, ProxyHeld } from './handler.js';
export type { LexiconBuild, ProxyLexicon } from './lexicon/lexicon.js';

/**
 * Creates the proxy handler. Its state (cache, rate-limit buckets, back-off,
 * the upstream calls in flight and queued) lives in the returned function:
 * create it once per process or isolate.
 * @throws TypeError naming the first invalid option.
 */
export function createProxy(options: ProxyOptions): Proxy {
  const o = resolveOptions(options);
  const parts = proxyParts(o, INTERNAL_ORIGIN + o.basePath);
  const { cache, limiter, ipHeader, cors, scrub, reads, lexicon, composer, linkSites } = parts;
  const { renders, toResponse, toLexicon } = parts;

  /** 405 to a method a known path does not answer, with the ones it does (`Allow`). */
  const refuseMethod = (origin: string | null, allow: string[]) =>
    own(
      origin,
      detail(405, 'Method not allowed.', { Allow: allow.join(', ') }),
      'method not allowed',
    );

  /** An answer of the proxy's own, with the CORS headers for `origin`. */
  function own(origin: string | null, response: Response, note?: string): Outcome {
    for (const [name, value] of Object.entries(cors.headers(origin)))
      response.headers.set(name, value);
    return { response, cache: '-', note };
  }

  const plans = new Plans();

  /** The outcome of `request`: at once for a hit in memory of a URL planned before. */
  function handle(request: Request, info: ConnectionInfo | undefined): Outcome | Promise<Outcome> {
    const origin = request.headers.get('origin');
    // RFC 9112 §3.2. A runtime that passes the Host header on (Node's adapter checks its
    // count and presence itself) gets a bad one refused here: two are joined as "a, b".
    const host = request.headers.get('host');
    if (host !== null && !validHost(host))
      return own(origin, detail(400, 'Bad request.'), 'bad host');
    const memo = Plans.key(request);
    const plan = plans.get(memo);
    if (plan) return answerRead(request, info, origin, plan);
    return planAndAnswer(request, info, origin, memo);
  }

  /** {@link handle} for a request not planned yet: plans it (kept by `memo`, if any), then answers. */
  async function planAndAnswer(
    request: Request,
    info: ConnectionInfo | undefined,
    origin: string | null,
    memo: string,
  ): Promise<Outcome> {
    const plan = await planRead(request, info, origin);
    if (!('route' in plan)) return plan;
    plans.keep(memo, plan);
    return answerRead(request, info, origin, plan);
  }

  /** The read `request` asks for, or the proxy's own answer to it. */
  async function planRead(
    request: Request,
    info: ConnectionInfo | undefined,
    origin: string | null,
  ): Promise<Plan | Outcome> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(o.basePath)) return own(origin, notFound(), 'outside base path');
    const path = `/${url.pathname.slice(o.basePath.length)}`;

    if (request.method === 'OPTIONS') {
      const wanted = request.headers.get('access-control-request-method') ?? '';
      const known =
        allowedMethods(path).includes(wanted) ||
        RenderRoutes.serves(wanted, path) ||
        Lexicon.serves(wanted, path);
      return { response: cors.preflight(origin, known), cache: '-' };
    }
    if (Lexicon.owns(path)) return answerLexicon(request, info, origin, path);
    // Its reads come back here, as this client's requests.
    if (RenderRoutes.owns(path))
      return renders.answer(request, path, async (inner) => handle(inner, info));
    // HEAD is GET without the body (represent.ts leaves it out).
    const resolved = resolveRoute(request.method === 'HEAD' ? 'GET' : request.method, path);
    if (!resolved) {
      const allow = allowedMethods(path);
      if (!allow.length) return own(origin, notFound(), 'not forwarded');
      return refuseMethod(origin, allow);
    }
    // Not composing: the route is forwarded as a plain read, its `?key=`/`?sid=` dropped unchecked.
    const route =
      o.compose || !resolved.policy.compose
        ? resolved
        : { ...resolved, policy: { ...resolved.policy, compose: false } };

    const prepared = route.policy.body
      ? await prepareRequest(request, url, route, o.websites)
      : prepareRead(url, route, o.websites);
    if (prepared instanceof Response) return own(origin, prepared, `refused ${prepared.status}`);
    const { composition, ...read } = prepared;
    // A composition has its own entry, per key and sid, beside the one plain slot every
    // composition reads.
    const key = composition
      ? ['compose', ReadPath.key(read), composition.key ?? '', composition.sid ?? ''].join('\n')
      : route.policy.cache
        ? ReadPath.key(read)
        : undefined;
    return { route, read, composition, key };
  }

  /**
   * The lexicon (api-contract §15): the same for every request, its build the proxy's own
   * (never charged to the client's rate limit), answered with the JSON reads' CORS, ETag,
   * 304, HEAD and encodings, public for an hour.
   */
  async function answerLexicon(
    request: Request,
    info: ConnectionInfo | undefined,
    origin: string | null,
    path: string,
  ): Promise<Outcome> {
    if (!Lexicon.serves(request.method, path)) return refuseMethod(origin, ['GET', 'HEAD']);
    const { answer, cache: state, note } = await lexicon.read(waitUntilOf(info));
    return { response: await toLexicon(request, origin, answer, state), cache: state, note };
  }

  /** The answer to a planned read: a hit in memory at once, else through the read path. */
  function answerRead(
    request: Request,
    info: ConnectionInfo | undefined,
    origin: string | null,
    plan: Plan,
  ): Outcome | Promise<Outcome> {
    const { route, key } = plan;
    // A hit in memory is answered at once, with nothing else made for it (a tracking link's
    // site is checked first: that check may refuse it).
    const hit =
      key !== undefined && route.policy.body !== 'trackingLink' ? reads.hit(key) : undefined;
    if (!hit) return readThrough(request, info, origin, plan);
    const response = toResponse(request, origin, hit, 'hit', route.policy.outcomes);
    return response instanceof Response
      ? { response, cache: 'hit' }
      : response.then((made): Outcome => ({ response: made, cache: 'hit' }));
  }

  /** A planned read that memory cannot answer: through the read path. */
  async function readThrough(
    request: Request,
    info: ConnectionInfo | undefined,
    origin: string | null,
    { route, read, composition, key }: Plan,
  ): Promise<Outcome> {
    const remote = typeof info?.remoteAddress === 'string' ? info.remoteAddress : undefined;
    // Its client is worked out only if the read would call upstream: a hit never needs it.
    const budget =
      limiter && new Budget(limiter, () => clientKey(clientIp(request, remote, ipHeader)));
    const caller = { budget, waitUntil: waitUntilOf(info) };
    let outcome: Read;
    const refused =
      route.policy.body === 'trackingLink'
        ? await checkLinkSite(linkSites, read, () => request.signal, caller)
        : undefined;
    if (refused) {
      outcome = refused;
    } else if (composition) {
      const compose = (signal: AbortSignal) =>
        composeAdslot(composer, read, composition, signal, caller);
      outcome = await reads.cached(key!, 'GET', compose, () => request.signal, {
        ...caller,
        heedBackoff: false,
      });
    } else {
      outcome = await reads.route(read, () => request.signal, caller);
    }
    const { answer, cache: state, note } = outcome;
    const response = await toResponse(request, origin, answer, state, route.policy.outcomes);
    return { response, cache: state, note };
  }

  /** The answer, at once when it is ready (a hit in memory), else a promise of it. */
  function respond(request: Request, info?: ConnectionInfo): Response | Promise<Response> {
    const started = performance.now();
    let handled: Outcome | Promise<Outcome>;
    try {
      handled = handle(request, info);
    } catch {
      handled = failure();
    }
    if (!(handled instanceof Promise)) return logged(o.onLog, scrub, request, started, handled);
    return handled.then(
      (outcome) => logged(o.onLog, scrub, request, started, outcome),
      () => logged(o.onLog, scrub, request, started, failure()),
    );
  }

  const proxy = async function proxy(request: Request, info?: ConnectionInfo) {
    return respond(request, info);
  };
  const lexiconApi: ProxyLexicon = { rebuild: (settings) => lexicon.rebuild(settings) };
  const held = (): ProxyHeld => ({
    cache:
      cache && o.cache
        ? { ...cache.held, maxEntries: o.cache.max, maxBytes: o.cache.maxBytes }
        : null,
    rateLimit:
      limiter && o.rateLimit ? { clients: limiter.size, maxClients: o.rateLimit.maxClients } : null,
    renders: renders.held,
    plans: plans.held,
  });
  return Object.assign(proxy, { held, respond, lexicon: lexiconApi });
}
