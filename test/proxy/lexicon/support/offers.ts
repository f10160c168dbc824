// The lexicon's tests' own upstream and proxy: an API that lists whatever offers a test gives
// (as many as it likes, changed at will, failing or held when told), and the real proxy in
// front of it, both over real HTTP on 127.0.0.1, closed after the test file.
import { after } from 'node:test';
import { serve } from '../../../../src/node-adapter/serve.js';
import type { ProxyOptions } from '../../../../src/proxy/options.js';
import { createProxy, type Proxy } from '../../../../src/proxy/proxy.js';
import type { ProxyLogEntry } from '../../../../src/proxy/options.js';
import { readLexicon, type Lexicon } from '../../../../src/intext/lexicon.js';
import { TOKEN, call } from '../../support/stack.js';

const open: (() => Promise<void>)[] = [];
after(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

/** An offer as the list gives it (the fields the lexicon reads). */
export interface ListedOffer {
  id: string;
  title: unknown;
  status: string;
  preview_url: unknown;
}

/** An active offer `i` of a synthetic shop: `Sklep 7` at `https://www.sklep7.pl/`. */
export function shop(i: number, fields: Partial<ListedOffer> = {}): ListedOffer {
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  return {
    id,
    title: `Sklep ${i}`,
    status: 'active',
    preview_url: `https://www.sklep${i}.pl/`,
    ...fields,
  };
}

export interface OffersUpstream {
  url: string;
  /** The offers it lists now: change them at will. */
  offers: ListedOffer[];
  /** Every list request's query, in order (when it arrived, before any answer). */
  readonly calls: string[];
  /** Answers every call (any path) with this instead, until set to `undefined`. */
  failWith: (() => Response) | undefined;
  /** Holds every call from now on until {@link open}. */
  hold(): void;
  /** Answers the held calls, and the next ones at once. */
  open(): void;
}

/**
 * An API that lists `offers` at `GET /publisher/offers/` (pages of `page_size`, at most 100,
 * with absolute `next`/`previous` as the API writes them), and answers 401 without the token.
 */
export async function startOffersUpstream(offers: ListedOffer[]): Promise<OffersUpstream> {
  const calls: string[] = [];
  let held: Promise<void> | undefined;
  let release = () => {};
  const upstream: OffersUpstream = {
    url: '',
    offers,
    calls,
    failWith: undefined,
    hold() {
      held ??= new Promise((resolve) => (release = resolve));
    },
    open() {
      held = undefined;
      release();
    },
  };
  const server = await serve(
    async (request: Request) => {
      const url = new URL(request.url);
      if (request.headers.get('authorization') !== `Token ${TOKEN}`)
        return Response.json({ detail: 'Invalid token.' }, { status: 401 });
      if (upstream.failWith && url.pathname !== '/publisher/offers/') return upstream.failWith();
      if (url.pathname !== '/publisher/offers/')
        return Response.json({ detail: 'Not found.' }, { status: 404 });
      calls.push(url.search);
      if (held) await held;
      if (upstream.failWith) return upstream.failWith();
      const size = Math.min(100, Number(url.searchParams.get('page_size') ?? 20));
      const page = Number(url.searchParams.get('page') ?? 1);
      const all = upstream.offers;
      const link = (to: number) => {
        const next = new URL(url);
        next.searchParams.set('page', String(to));
        return next.href;
      };
      return Response.json({
        count: all.length,
        next: page * size < all.length ? link(page + 1) : null,
        previous: page > 1 ? link(page - 1) : null,
        results: all.slice((page - 1) * size, page * size),
      });
    },
    { port: 0, host: '127.0.0.1' },
  );
  open.push(() => server.close());
  upstream.url = server.url;
  return upstream;
}

export interface ServedProxy {
  /** The proxy's URL, ending with `/`. */
  url: string;
  proxy: Proxy;
  logs: ProxyLogEntry[];
  /** Requests that have reached the handler so far. */
  readonly arrived: number;
}

/** The real proxy, over HTTP, with `options` (the test's token, no website, no rate limit). */
export async function serveProxy(options: Partial<ProxyOptions> & { upstream: string }) {
  const logs: ProxyLogEntry[] = [];
  const proxy = createProxy({
    token: TOKEN,
    rateLimit: false,
    onLog: (entry) => logs.push(entry),
    ...options,
  });
  let arrived = 0;
  const server = await serve(
    (request, info) => {
      arrived += 1;
      return proxy(request, info);
    },
    { port: 0, host: '127.0.0.1' },
  );
  open.push(() => server.close());
  return {
    url: server.url,
    proxy,
    logs,
    get arrived() {
      return arrived;
    },
  } satisfies ServedProxy;
}

/** A lexicon answer's body read as the in-text links read it; fails on anything else. */
export function lexiconOf(json: unknown): Lexicon {
  const lexicon = readLexicon(json);
  if (!lexicon) throw new Error(`not a lexicon: ${JSON.stringify(json).slice(0, 200)}`);
  return lexicon;
}

/** The names of each entry, by offer id. */
export const namesByOffer = (lexicon: Lexicon) =>
  Object.fromEntries(lexicon.entries.map((entry) => [entry.offer, entry.names]));

/**
 * Asks `url` again (each time a real round trip) until `done(answer)`: for what a background
 * build changes, which no event of the test's own tells. Fails after 200 answers.
 */
export async function callUntil(
  url: string,
  done: (answer: Awaited<ReturnType<typeof call>>) => boolean,
  what: string,
) {
  for (let tries = 0; tries < 200; tries++) {
    const answer = await call(url);
    if (done(answer)) return answer;
  }
  throw new Error(`Gave up asking ${url} until ${what}`);
}
