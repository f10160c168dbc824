// Issue 37, api-contract §14: on a reader's page, the network's normal answers are not
// errors. A publisher's article with the built CDN files through the real Node proxy, holding
// every expected outcome at once: auto-linking (consent given) over links to hosts the network
// does not know beside one merchant's link (offers/detect: 404 for the others), an offer link
// to a closed offer (tracking_link: 400) and one to an unknown offer (404), a product grid
// whose search finds nothing, and an unknown ad slot (404) with a fallback. The page must log
// nothing to the console and have no failed request, and each widget must show its outcome;
// auto-linking asks about each host once, and the reader's intent (focus) on a link to a host
// without an offer asks nothing more: the detect cache keeps "no offer".
// A real failure (the API answers a search 500) still fails: pubnet-error, the grid collapses,
// nothing uncaught.
//
// Every engine (support/engines.ts) is asked the same way, through what the page records of
// itself (pages/record.js: each fetch and its status, its scripts' console calls; pages/watch.js:
// uncaught errors, widget events), and through the console where the driver reads it:
//   Chromium (puppeteer)  console errors, the browser's "Failed to load resource" lines included;
//   Firefox (BiDi)        console errors of scripts (Firefox logs no line for a failed fetch);
//   WebKit                no console: the page's own record only.
// Chromium through Playwright adds the page's whole network (every response's status, every
// failed request) and every console message of any type, warnings included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { known } from '../../src/emulator/index.js';
import { forEachEngine, type EnginePage } from './support/engines.js';
import { useSession } from './support/session.js';
import { frames } from './support/watch.js';
import { within } from './support/widgets.js';

const session = useSession();

/** Hosts the network has no offer for: auto-linking asks about each once and leaves its links. */
const OTHER_LINKS = {
  'blog-one': 'https://blog-one.example/',
  'blog-two': 'https://blog-two.example/a',
  'recipes-blog': 'https://www.przepisy-blog.example/sernik?ref=article',
  'no-offer': 'https://no-offer.example/p/1',
};
/** Well-formed, and neither an offer nor an ad slot of the seed. */
const UNKNOWN_OFFER = '9e8d7c6b-5a49-4837-a625-140f0e1d2c3b';
const UNKNOWN_ADSLOT = 'a1000000-0000-4000-8000-0000000000ff';
const CLOSED_HREF = 'https://closed-shop.example/sale';
const UNKNOWN_HREF = 'https://gone-shop.example/deals';
const EMPTY_QUERY = 'no-such-product-zzz';
const WIDGETS = ['closed-offer', 'unknown-offer', 'empty-grid', 'unknown-slot'];

const host = (url: string) => new URL(url).hostname;
/** The hosts auto-linking asks `offers/detect` about. */
const DETECTED = [...Object.values(OTHER_LINKS), known.merchantUrl].map(host);

/**
 * The scripts of a publisher's page: the recorders first, then the CDN files. The widgets'
 * file comes first, and blocking, so that its widgets make the page's one request core before
 * auto-linking starts (at DOMContentLoaded), in every engine: as on most pages, where a widget
 * loads before auto-linking's first idle scan. Auto-linking then gets its answers, "no offer"
 * among them, from the other file's client.
 */
function head(title: string, autolink: boolean): string {
  const data = `data-api="${session.site.url}api/" data-key="${known.website.guid}"`;
  return `<meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <script src="/record.js"></script>
    <script src="/watch.js" data-watch=""></script>
    <script src="/cdn/pubnet.min.js" ${data}></script>${
      autolink
        ? `
    <script src="/cdn/pubnet-autolink.min.js" ${data} data-consent="manual"></script>
    <script>
      // The publisher's consent banner: the reader has agreed.
      Pubnet.autolink.consent(true);
    </script>`
        : ''
    }`;
}

/** The publisher's article with every expected outcome (the site's URL is known once it runs). */
const outcomesPage = () => `<!doctype html>
<html lang="en">
  <head>
    ${head('Expected outcomes', true)}
  </head>
  <body>
    <article>
      <h1>Cheesecake, and where we buy for it</h1>
      <p>
        Friends of ours wrote about it too:
        <a id="blog-one" href="${OTHER_LINKS['blog-one']}">Blog one</a>,
        <a id="blog-two" href="${OTHER_LINKS['blog-two']}">Blog two</a>,
        <a id="recipes-blog" href="${OTHER_LINKS['recipes-blog']}">a Polish recipe</a> and
        <a id="no-offer" href="${OTHER_LINKS['no-offer']}">a shop without an offer</a>.
      </p>
      <p>Our pick: <a id="merchant" href="${known.merchantUrl}">these headphones</a>.</p>
      <p>
        Last year's sale:
        <pubnet-offer-link id="closed-offer" offer="${known.closedOffer}" eager
          ><a href="${CLOSED_HREF}">Closed Shop</a></pubnet-offer-link
        >, and a shop that left the network:
        <pubnet-offer-link id="unknown-offer" offer="${UNKNOWN_OFFER}" eager
          ><a href="${UNKNOWN_HREF}">Gone Shop</a></pubnet-offer-link
        >.
      </p>
    </article>
    <pubnet-product-grid id="empty-grid" query="${EMPTY_QUERY}" eager></pubnet-product-grid>
    <pubnet-adslot id="unknown-slot" adslot="${UNKNOWN_ADSLOT}" eager
      ><p slot="fallback" id="fallback">Our own picks this week.</p></pubnet-adslot
    >
  </body>
</html>`;

/** A page with one grid whose search the API fails. */
const failingPage = (query: string) => `<!doctype html>
<html lang="en">
  <head>
    ${head('A failing search', false)}
  </head>
  <body>
    <h1>Headphones</h1>
    <pubnet-product-grid id="failing-grid" query="${query}" eager></pubnet-product-grid>
  </body>
</html>`;

interface Fetched {
  method: string;
  url: string;
  status: number | null;
  /** The proxy's `X-Pubnet-Status`, if any. */
  outcome: string | null;
  failed?: string;
}

/** What the page recorded of itself (pages/record.js and pages/watch.js), and its elements. */
interface Seen {
  fetches: Fetched[];
  pending: number;
  console: { level: string; text: string }[];
  resources: { url: string; status: number | null }[];
  errors: string[];
  events: { type: string; id: string; detail: number | string }[];
  states: Record<string, string | null>;
  links: Record<string, { href: string | null; original: string | null; rel: string | null }>;
  heights: Record<string, number>;
  fallbackShown: boolean;
}

type Evaluates = Pick<EnginePage, 'evaluate'>;

// The callbacks below run in the page: no named inner functions (see EnginePage.evaluate).

/**
 * Waits in the page, on its own events (no clock), until it has loaded (every script has
 * run), each of `widgets` has fired pubnet-load or pubnet-error, each of `hosts` has had its
 * detect answer, and no fetch of the page is running.
 */
const settled = (page: Evaluates, widgets: string[], hosts: string[]): Promise<true> =>
  within(
    `the page's outcomes (#${widgets.join(', #')}; detect of ${hosts.join(', ')})`,
    page.evaluate(
      async ({ widgets, hosts }) => {
        if (document.readyState != 'complete')
          await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
        const page = window as unknown as {
          __record: { fetches: (Fetched & { read: boolean })[]; pending: number };
          __watch: { events: { id: string }[] };
        };
        for (;;) {
          const { fetches, pending } = page.__record;
          const answered = hosts.every((name) =>
            fetches.some(
              (entry) =>
                entry.url.includes('/offers/detect/?') &&
                new URL(new URL(entry.url).searchParams.get('url')!).hostname == name &&
                (entry.read || entry.failed),
            ),
          );
          const events = page.__watch.events;
          if (answered && !pending && widgets.every((id) => events.some((e) => e.id == id)))
            return true as const;
          await new Promise((resolve) => {
            const stop = new AbortController();
            for (const type of ['pubnet-load', 'pubnet-error', 'record-fetch'])
              document.addEventListener(
                type,
                () => {
                  stop.abort();
                  resolve(undefined);
                },
                { signal: stop.signal },
              );
          });
        }
      },
      { widgets, hosts },
    ),
  );

/**
 * The reader's intent on each link (focus: auto-linking asks for a tracking link then), the
 * merchant's last; resolves once the merchant's link is rewritten and no fetch is running.
 * The other links' hosts are known to have no offer by then: they are settled before it.
 */
const focusLinks = (page: Evaluates, ids: string[]): Promise<true> =>
  within(
    `#${ids.at(-1)} rewritten`,
    page.evaluate(async (ids) => {
      for (const id of ids) document.getElementById(id)!.focus();
      const merchant = document.getElementById(ids.at(-1)!)!;
      const record = (window as unknown as { __record: { pending: number } }).__record;
      for (;;) {
        if (merchant.hasAttribute('data-pubnet-href') && !record.pending) return true as const;
        await new Promise((resolve) => {
          const stop = new AbortController();
          const changes = new MutationObserver(() => {
            changes.disconnect();
            stop.abort();
            resolve(undefined);
          });
          changes.observe(merchant, { attributes: true });
          document.addEventListener(
            'record-fetch',
            () => {
              changes.disconnect();
              stop.abort();
              resolve(undefined);
            },
            { signal: stop.signal },
          );
        });
      }
    }, ids),
  );

/** What the page recorded, and how its widgets and links are now. */
const read = (page: Evaluates, links: string[], widgets: string[]): Promise<Seen> =>
  page.evaluate(
    ({ links, widgets }) => {
      const record = (
        window as unknown as {
          __record: Pick<Seen, 'fetches' | 'pending' | 'console'> & {
            resources(): Seen['resources'];
          };
        }
      ).__record;
      const watch = (window as unknown as { __watch: Pick<Seen, 'errors' | 'events'> }).__watch;
      const fallback = document.getElementById('fallback');
      return {
        fetches: record.fetches,
        pending: record.pending,
        console: record.console,
        resources: record.resources(),
        errors: watch.errors,
        events: watch.events,
        states: Object.fromEntries(
          widgets.map((id) => [id, document.getElementById(id)!.getAttribute('state')]),
        ),
        links: Object.fromEntries(
          links.map((id) => {
            const element = document.getElementById(id)!;
            const a = element.localName == 'a' ? element : element.querySelector('a')!;
            return [
              id,
              {
                href: a.getAttribute('href'),
                original: a.getAttribute('data-pubnet-href'),
                rel: a.getAttribute('rel'),
              },
            ];
          }),
        ),
        heights: Object.fromEntries(
          widgets.map((id) => [id, document.getElementById(id)!.getBoundingClientRect().height]),
        ),
        fallbackShown: !!fallback?.assignedSlot && fallback.getBoundingClientRect().height > 0,
      };
    },
    { links, widgets },
  );

/** Opens the outcomes page, lets every outcome happen, and reads it. */
async function outcomes(page: Evaluates): Promise<Seen> {
  await settled(page, WIDGETS, DETECTED);
  await focusLinks(page, [...Object.keys(OTHER_LINKS), 'merchant']);
  return read(page, [...Object.keys(OTHER_LINKS), 'merchant', ...WIDGETS.slice(0, 2)], WIDGETS);
}

const api = (path: string) => `${session.site.url}api/publisher/${path}`;
const detectOf = (entry: Fetched) =>
  entry.url.includes('/offers/detect/?')
    ? host(new URL(entry.url).searchParams.get('url')!)
    : undefined;

/** Every outcome as the issue wants it, from what the page recorded of itself. */
function assertOutcomes(seen: Seen, engine: string) {
  const where = (what: string) => `${engine}: ${what}`;
  // Nothing uncaught, nothing a script said to the console, no fetch that failed or got >= 400.
  assert.deepEqual(seen.errors, [], where('uncaught errors'));
  assert.deepEqual(seen.console, [], where("the page's scripts wrote to the console"));
  assert.equal(seen.pending, 0);
  const bad = seen.fetches.filter((entry) => entry.failed || !(entry.status! < 400));
  assert.deepEqual(bad, [], where('failed requests'));
  // Where the engine gives a resource's status (Chromium, Firefox), no resource got >= 400.
  const badResources = seen.resources.filter(({ status }) => status !== null && status >= 400);
  assert.deepEqual(badResources, [], where('resources with an error status'));

  // Auto-linking: each host asked about once; the network's answer for the others is "no
  // offer", carried as X-Pubnet-Status: 404 in a 200; only the merchant's link is rewritten.
  const detects = seen.fetches.filter(detectOf);
  assert.deepEqual(
    detects.map(detectOf).sort(),
    [...DETECTED].sort(),
    where(
      'each host asked about once (the detect cache keeps "no offer" for the reader\'s intent)',
    ),
  );
  for (const entry of detects)
    assert.deepEqual(
      [detectOf(entry), entry.status, entry.outcome],
      [detectOf(entry), 200, detectOf(entry) == host(known.merchantUrl) ? null : '404'],
    );
  for (const [id, href] of Object.entries(OTHER_LINKS))
    assert.deepEqual(seen.links[id], { href, original: null, rel: null }, where(`#${id}`));
  const merchant = seen.links.merchant!;
  assert.equal(merchant.original, known.merchantUrl, where('#merchant not rewritten'));
  assert.ok(merchant.href!.startsWith(`${session.site.url}click/`), merchant.href!);
  const trackingLinks = seen.fetches.filter((entry) => entry.method == 'PUT');
  assert.deepEqual(
    trackingLinks.map(({ url, status, outcome }) => [url, status, outcome]).sort(),
    [
      [api(`offers/${known.closedOffer}/tracking_link/`), 200, '400'],
      [api(`offers/${known.offers[0]}/tracking_link/`), 200, null],
      [api(`offers/${UNKNOWN_OFFER}/tracking_link/`), 200, '404'],
    ].sort(),
    where('tracking link requests'),
  );

  // The offer links: no link to be had, so the publisher's own stays (state error).
  assert.deepEqual(seen.links['closed-offer'], { href: CLOSED_HREF, original: null, rel: null });
  assert.deepEqual(seen.links['unknown-offer'], { href: UNKNOWN_HREF, original: null, rel: null });
  // The empty search: pubnet-load with 0 items, collapsed. The unknown slot: its fallback.
  assert.deepEqual(
    seen.states,
    {
      'closed-offer': 'error',
      'unknown-offer': 'error',
      'empty-grid': 'collapsed',
      'unknown-slot': 'fallback',
    },
    where('widget states'),
  );
  assert.equal(seen.heights['empty-grid'], 0, where('the empty grid takes room'));
  assert.ok(seen.fallbackShown, where("the slot's fallback is not shown"));
  const events = Object.fromEntries(
    seen.events.map(({ type, id, detail }) => [id, `${type} ${detail}`]),
  );
  assert.equal(seen.events.length, WIDGETS.length, JSON.stringify(seen.events));
  assert.match(events['closed-offer']!, /^pubnet-error ValidationError/);
  assert.match(events['unknown-offer']!, /^pubnet-error NotFoundError/);
  assert.equal(events['empty-grid'], 'pubnet-load 0');
  assert.match(events['unknown-slot']!, /^pubnet-error NotFoundError/);
  const search = seen.fetches.filter((entry) => entry.url.startsWith(api('products/')));
  assert.deepEqual(
    search.map(({ method, status, outcome }) => [method, status, outcome]),
    [['POST', 200, null]],
  );
  const slot = seen.fetches.filter((entry) => entry.url.startsWith(api('adslots/')));
  assert.deepEqual(
    slot.map(({ status, outcome }) => [status, outcome]),
    [[200, '404']],
  );
}

const FAILED_SEARCH = { method: 'POST', path: '/publisher/products/', kind: 'status' as const };

/** The failing grid's outcome, from what the page recorded: the 500s, and nothing uncaught. */
function assertFailure(seen: Seen, engine: string): Fetched[] {
  const where = (what: string) => `${engine}: ${what}`;
  assert.deepEqual(seen.errors, [], where('uncaught errors'));
  assert.deepEqual(seen.console, [], where("the page's scripts wrote to the console"));
  assert.equal(seen.events.length, 1, JSON.stringify(seen.events));
  const [event] = seen.events;
  assert.equal(event!.type, 'pubnet-error');
  assert.match(String(event!.detail), /500/);
  assert.equal(seen.states['failing-grid'], 'collapsed');
  assert.equal(seen.heights['failing-grid'], 0);
  // The real failure keeps its status through the proxy: no X-Pubnet-Status, no 200.
  const searches = seen.fetches.filter((entry) => entry.url.startsWith(api('products/')));
  assert.ok(searches.length >= 1);
  for (const entry of searches)
    assert.deepEqual([entry.status, entry.outcome, entry.failed], [500, null, undefined]);
  assert.deepEqual(
    seen.fetches.filter((entry) => !searches.includes(entry)),
    [],
    where('other requests'),
  );
  return searches;
}

let served = 0;
/** Serves `html` at a fresh path of the site: its URL. */
function serve(html: string): string {
  const path = `/expected-outcomes-${++served}.html`;
  session.site.page(path, html);
  return `${session.site.url}${path.slice(1)}`;
}

/** Runs `body` with the API failing every product search, then lets it answer again. */
async function withFailingSearch<T>(body: () => Promise<T>): Promise<T> {
  session.site.emulator.setFaults([{ ...FAILED_SEARCH, status: 500 }]);
  try {
    return await body();
  } finally {
    session.site.emulator.setFaults([]);
  }
}

forEachEngine((engine) => {
  test(`${engine.label}: expected outcomes log nothing and fail no request, and show as they should`, async () => {
    const page = await engine.open(serve(outcomesPage()));
    try {
      const seen = await outcomes(page);
      // A round trip more: whatever the browser logged meanwhile has arrived.
      await frames(page);
      // Chromium's console has a line for each request that got >= 400; Firefox's has the
      // scripts' errors; WebKit's cannot be read (undefined).
      if (page.consoleErrors) assert.deepEqual(page.consoleErrors, [], 'console errors');
      assertOutcomes(seen, engine.label);
    } finally {
      await page.close();
    }
  });

  test(`${engine.label}: a search the API fails (500) fires pubnet-error and collapses the grid, nothing uncaught`, async () => {
    const url = serve(failingPage(`failing search in ${engine.name}`));
    const seen = await withFailingSearch(async () => {
      const page = await engine.open(url);
      try {
        await settled(page, ['failing-grid'], []);
        const seen = await read(page, [], ['failing-grid']);
        await frames(page);
        return { ...seen, consoleErrors: page.consoleErrors && [...page.consoleErrors] };
      } finally {
        await page.close();
      }
    });
    const searches = assertFailure(seen, engine.label);
    // The console has the browser's own line for each 500, where it logs one (Chromium), and
    // nothing else: no uncaught error.
    if (engine.name == 'chromium')
      assert.deepEqual(
        seen.consoleErrors,
        searches.map(
          () =>
            'Failed to load resource: the server responded with a status of 500 (Internal Server Error)',
        ),
      );
    else if (seen.consoleErrors)
      for (const line of seen.consoleErrors) assert.match(line, /500/, 'console errors');
  });
});

/** Everything Chromium says of a page: console messages of every type, errors, the network. */
interface Said {
  console: string[];
  pageErrors: string[];
  responses: string[];
  failed: string[];
}

async function openInPlaywright(url: string): Promise<{ page: Page; said: Said }> {
  const page = await session.browser.newPage();
  const said: Said = { console: [], pageErrors: [], responses: [], failed: [] };
  page.on('console', (message) =>
    said.console.push(`${message.type()}: ${message.text()} (${message.location().url})`),
  );
  page.on('pageerror', (error) => said.pageErrors.push(String(error)));
  page.on('response', (response) => {
    if (response.status() >= 400) said.responses.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) =>
    said.failed.push(`${request.url()}: ${request.failure()?.errorText}`),
  );
  await page.goto(url);
  return { page, said };
}

test('Chromium, its whole console and network: no message of any type, no failed request', async () => {
  const { page, said } = await openInPlaywright(serve(outcomesPage()));
  try {
    const seen = await outcomes(page);
    // One more round trip: whatever the browser said meanwhile has arrived.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    assert.deepEqual(said, { console: [], pageErrors: [], responses: [], failed: [] });
    assertOutcomes(seen, 'Chromium (Playwright)');
  } finally {
    await page.close();
  }
});

test('Chromium, its whole console and network: a failing search is its 500s, nothing else', async () => {
  const url = serve(failingPage('failing search in playwright'));
  const { seen, said } = await withFailingSearch(async () => {
    const { page, said } = await openInPlaywright(url);
    try {
      await settled(page, ['failing-grid'], []);
      const seen = await read(page, [], ['failing-grid']);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      return { seen, said };
    } finally {
      await page.close();
    }
  });
  const searches = assertFailure(seen, 'Chromium (Playwright)');
  assert.deepEqual(said.pageErrors, []);
  assert.deepEqual(said.failed, []);
  assert.deepEqual(
    said.responses,
    searches.map((entry) => `500 ${entry.url}`),
  );
  assert.deepEqual(
    said.console,
    searches.map(
      (entry) =>
        `error: Failed to load resource: the server responded with a status of 500 (Internal Server Error) (${entry.url})`,
    ),
  );
});
