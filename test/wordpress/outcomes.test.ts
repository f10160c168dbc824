// Expected outcomes through the plugin's built-in proxy (api-contract §14), in a real WordPress
// in front of the emulator: a host without an offer, an unknown offer or ad slot, no link for a
// closed or unknown offer or for a deep link the proxy refused are answered 200 with the API's
// (or the refusal's) body, `X-Pubnet-Status: <its status>` and `Cache-Control: no-store`;
// real failures (403, 429, 5xx, the proxy's own checks) keep their status. Then, in Chromium, a
// post whose widgets all end in such an outcome: no console error, no failed request, and each
// widget ends as before (the offer links keep the publisher's link; the grid and the slot
// collapse). The plugin has no auto-linking setting yet, so no page asks offers.detect.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import { within } from '../e2e/support/widgets.js';
import { send as sendRaw } from '../support/abuse-vectors.js';
import { raw, type Raw } from '../support/raw-http.js';
import { startTogether } from '../support/start-together.js';
import {
  TOKEN,
  known,
  pluginZip,
  rawRequest,
  recordWidgets,
  saveSettings,
  startApi,
  type Api,
} from './support/pubnet.js';
import { installClock, noPluginErrors, none } from './support/checks.js';
import { startWordPress, type WordPress } from './support/wordpress.js';

const PROXY = '/wp-json/pubnet/v1/api';
const guid = known.website.guid;
const otherWebsite = known.websites.secondActive.guid;
/** Ids the emulator's seed does not have. */
const UNKNOWN_OFFER = '9f9f9f9f-0000-4000-8000-000000000404';
const UNKNOWN_ADSLOT = 'a1000000-0000-4000-8000-0000000000ff';
const NO_OFFER_URL = 'https://no-offer-here.example/some/page';

let wp: WordPress;
let api: Api;
let browser: Browser;

before(async () => {
  [api, wp, browser] = await startTogether(
    startApi(),
    startWordPress({ pluginZip: pluginZip(), activate: 'php' }),
    launchBrowser(),
  );
  // The budget's clock, from a file a test writes (real time while there is none).
  await installClock(wp);
  await saveSettings(wp, { token: TOKEN, website_key: guid, api_base: api.url, proxy: 'builtin' });
});

after(() => Promise.allSettled([browser?.close(), api?.close(), wp?.close()]));

/** The calls the API got since `from` (an index of its log), as `METHOD /path`. */
const upstream = (from: number) =>
  api.emulator.requests.slice(from).map((r) => `${r.method} ${r.path}`);

/** One request to the built-in proxy (`path` under the API root, with its query). */
function proxy(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Raw> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  const sent: Record<string, string> = data
    ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)) }
    : {};
  return raw(wp.url, method, `${PROXY}${path}`, { ...sent, ...headers }, data);
}

/** The API's own answer (with the token, as the proxy calls it): status and JSON body. */
async function direct(method: string, path: string, body?: unknown) {
  const response = await fetch(`${api.url.replace(/\/$/, '')}${path}`, {
    method,
    headers: {
      Authorization: `Token ${TOKEN}`,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

const header = (answer: Raw, name: string) => {
  const value = answer.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** What is wrong with `answer` as the expected outcome `status` (api-contract §14). */
function outcomeProblems(answer: Raw, status: number): string[] {
  const problems: string[] = [];
  if (answer.status !== 200) problems.push(`status ${answer.status}, not 200`);
  if (header(answer, 'x-pubnet-status') !== String(status))
    problems.push(`X-Pubnet-Status ${header(answer, 'x-pubnet-status') ?? '(none)'}`);
  if (!/(^|[\s,])no-store($|[\s,])/.test(header(answer, 'cache-control') ?? ''))
    problems.push(`Cache-Control ${header(answer, 'cache-control') ?? '(none)'}`);
  if (!/^application\/json\b/.test(header(answer, 'content-type') ?? ''))
    problems.push(`Content-Type ${header(answer, 'content-type') ?? '(none)'}`);
  return problems;
}

interface OutcomeCase {
  what: string;
  method: string;
  /** Under the API root, with its query, as a page asks it. */
  path: string;
  body?: unknown;
  /** The API's status, in X-Pubnet-Status. */
  outcome: number;
  /** The API call it stands for (its body as the proxy pins it): its answer is the body. */
  api?: { path: string; body?: unknown };
  /** Fields of the body, when it is the proxy's own refusal. */
  bodyHas?: string[];
  /** Calls the API must not have got for it. */
  never?: RegExp;
}

test('each expected outcome is answered 200 with the same body, X-Pubnet-Status and Cache-Control: no-store', async () => {
  const detect = `/publisher/offers/detect/?url=${encodeURIComponent(NO_OFFER_URL)}`;
  const cases: OutcomeCase[] = [
    {
      what: 'a host without an offer (offers.detect)',
      method: 'GET',
      path: detect,
      outcome: 404,
      api: { path: detect },
    },
    {
      what: 'an unknown offer (offers.get)',
      method: 'GET',
      path: `/publisher/offers/${UNKNOWN_OFFER}/`,
      outcome: 404,
      api: { path: `/publisher/offers/${UNKNOWN_OFFER}/` },
    },
    {
      what: 'an unknown ad slot (adslots.get)',
      method: 'GET',
      path: `/publisher/adslots/${UNKNOWN_ADSLOT}/?key=${guid}`,
      outcome: 404,
      api: { path: `/publisher/adslots/${UNKNOWN_ADSLOT}/` },
    },
    {
      what: "an unknown offer's tracking link",
      method: 'PUT',
      path: `/publisher/offers/${UNKNOWN_OFFER}/tracking_link/`,
      body: {},
      outcome: 404,
      api: { path: `/publisher/offers/${UNKNOWN_OFFER}/tracking_link/`, body: { website: guid } },
    },
    {
      what: "a closed offer's tracking link",
      method: 'PUT',
      path: `/publisher/offers/${known.closedOffer}/tracking_link/`,
      body: {},
      outcome: 400,
      api: {
        path: `/publisher/offers/${known.closedOffer}/tracking_link/`,
        body: { website: guid },
      },
    },
    {
      what: "an unknown product's tracking link",
      method: 'PUT',
      path: '/publisher/products/no-such-product-zzz/tracking_link/',
      body: {},
      outcome: 404,
      api: {
        path: '/publisher/products/no-such-product-zzz/tracking_link/',
        body: { website: guid },
      },
    },
    {
      what: "a deep link off the offer's site (the proxy's own refusal, before the tracking-link route)",
      method: 'PUT',
      path: `/publisher/offers/${known.offers[0]}/tracking_link/`,
      body: { deep_link: 'https://elsewhere.example/sale' },
      outcome: 400,
      bodyHas: ['deep_link'],
      never: /tracking_link/,
    },
    {
      what: "a deep link for an unknown offer (its site cannot be read: the offer's 404)",
      method: 'PUT',
      path: `/publisher/offers/${UNKNOWN_OFFER}/tracking_link/`,
      body: { deep_link: 'https://unknown-shop.example/sale' },
      outcome: 404,
      api: { path: `/publisher/offers/${UNKNOWN_OFFER}/` },
      never: /tracking_link/,
    },
  ];
  const problems: string[] = [];
  for (const c of cases) {
    const from = api.emulator.requests.length;
    const answer = await proxy(c.method, c.path, c.body);
    const calls = upstream(from);
    const found = outcomeProblems(answer, c.outcome);
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch {
      found.push(`a body that is not JSON: ${answer.text.slice(0, 200)}`);
    }
    if (c.api) {
      const own = await direct(c.api.body === undefined ? 'GET' : c.method, c.api.path, c.api.body);
      if (own.status !== c.outcome) found.push(`the API itself answers ${own.status}`);
      try {
        assert.deepEqual(json, own.json);
      } catch {
        found.push(`body ${answer.text.slice(0, 200)}, the API's ${JSON.stringify(own.json)}`);
      }
    }
    for (const field of c.bodyHas ?? [])
      if (!(json && typeof json === 'object' && field in json))
        found.push(`no ${field} in the body`);
    if (c.never && calls.some((call) => c.never!.test(call)))
      found.push(`the API got ${calls.join(', ')}`);
    if (calls.length === 0 && !c.bodyHas) found.push('nothing went upstream');
    if (found.length)
      problems.push(`${c.what}: ${found.join('; ')} (${answer.text.slice(0, 200)})`);
  }
  none(problems);
});

test('…also through ?rest_route= and for HEAD', async () => {
  const path = `/publisher/offers/${UNKNOWN_OFFER}/`;
  const viaRoute = await rawRequest(wp.url, `/?rest_route=/pubnet/v1/api${path}`);
  none(outcomeProblems(viaRoute, 404).map((p) => `?rest_route=: ${p}`));
  assert.deepEqual(JSON.parse(viaRoute.text), (await direct('GET', path)).json);
  const head = await rawRequest(wp.url, `${PROXY}${path}`, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(header(head, 'x-pubnet-status'), '404');
  assert.equal(head.text, '', 'HEAD has no body');
});

test('answers that are not an expected outcome are as before: no X-Pubnet-Status', async () => {
  const answers: [string, Raw, number][] = [
    [
      'a host with an offer',
      await proxy('GET', `/publisher/offers/detect/?url=${encodeURIComponent(known.merchantUrl)}`),
      200,
    ],
    ['an offer', await proxy('GET', `/publisher/offers/${known.offers[1]}/`), 200],
    [
      'an ad slot',
      await proxy('GET', `/publisher/adslots/${known.filterAdslot}/?key=${guid}`),
      200,
    ],
    [
      "an offer's tracking link",
      await proxy('PUT', `/publisher/offers/${known.offers[0]}/tracking_link/`, {}),
      200,
    ],
    [
      'an empty search',
      await proxy('POST', `/publisher/products/?key=${guid}`, {
        filters: [{ title: { lookup: 'contains', value: 'no-such-product-zzz' } }],
      }),
      200,
    ],
  ];
  none(
    answers.flatMap(([what, answer, status]) =>
      answer.status !== status || header(answer, 'x-pubnet-status') !== undefined
        ? [`${what}: ${answer.status}, X-Pubnet-Status ${header(answer, 'x-pubnet-status')}`]
        : [],
    ),
  );
  const search = JSON.parse(answers[4][1].text) as { results: unknown[] };
  assert.deepEqual(search.results, [], 'the search finds nothing');
});

test('real failures keep their status: 403, the proxy’s own 400s, 429, 502', async () => {
  const wrong: string[] = [];
  const expect = (what: string, answer: Raw, status: number) => {
    if (answer.status !== status || header(answer, 'x-pubnet-status') !== undefined)
      wrong.push(
        `${what}: ${answer.status} (X-Pubnet-Status ${header(answer, 'x-pubnet-status')}), not ${status}: ${answer.text.slice(0, 200)}`,
      );
  };
  const from = api.emulator.requests.length;
  expect(
    'a tracking link for a website the proxy does not serve',
    await proxy('PUT', `/publisher/offers/${UNKNOWN_OFFER}/tracking_link/`, {
      website: otherWebsite,
    }),
    403,
  );
  expect(
    'an ad slot asked for another website',
    await proxy('GET', `/publisher/adslots/${UNKNOWN_ADSLOT}/?key=${otherWebsite}`),
    403,
  );
  // The proxy's own checks of a request, as the Node proxy's (src/proxy/policy/prepare.ts).
  expect(
    'offers.detect without an http(s) URL (its outcome is 404 only)',
    await proxy('GET', `/publisher/offers/detect/?url=${encodeURIComponent('ftp://x.example/')}`),
    400,
  );
  expect(
    'a tracking link with a malformed SubID',
    await proxy('PUT', `/publisher/offers/${known.closedOffer}/tracking_link/`, {
      sid: 'not a sid!',
    }),
    400,
  );
  assert.deepEqual(upstream(from), [], 'none of these went upstream');

  // 429: the budget of one client address spent while the clock stands still.
  const clock = join(wp.contentDir, 'pubnet-test-clock');
  const client = '127.0.4.1';
  await writeFile(clock, '1700000000');
  try {
    await wp.php(
      `$_SERVER['REMOTE_ADDR'] = '${client}'; for ($i = 0; $i < PUBNET_WIDGETS_BURST; $i++) pubnet_widgets_take_token();`,
    );
    const before = api.emulator.requests.length;
    const limited = await sendRaw(
      `${wp.url}${PROXY}/`,
      {
        method: 'GET',
        path: '/publisher/offers/detect/',
        query: `url=${encodeURIComponent('https://spent.example/')}`,
        status: 429,
      },
      0,
      client,
    );
    if (limited.status !== 429 || limited.headers.has('x-pubnet-status'))
      wrong.push(`a spent budget: ${limited.status} ${limited.body.slice(0, 200)}`);
    assert.match(limited.headers.get('retry-after') ?? '', /^[1-9]\d*$/, 'Retry-After');
    assert.deepEqual(upstream(before), [], 'a 429 sends nothing upstream');
  } finally {
    await rm(clock, { force: true });
  }

  // 502: the API cannot be reached.
  await saveSettings(wp, { api_base: 'http://127.0.0.1:9/' });
  try {
    expect(
      'an unknown offer while the API is down',
      await proxy('GET', `/publisher/offers/${UNKNOWN_OFFER}/`),
      502,
    );
    expect(
      'offers.detect while the API is down',
      await proxy('GET', `/publisher/offers/detect/?url=${encodeURIComponent(NO_OFFER_URL)}`),
      502,
    );
    expect(
      "a closed offer's tracking link while the API is down",
      await proxy('PUT', `/publisher/offers/${known.closedOffer}/tracking_link/`, {}),
      502,
    );
  } finally {
    await saveSettings(wp, { api_base: api.url });
  }
  none(wrong);
});

test("WordPress's CORS answers on the proxy's routes expose X-Pubnet-Status, and no other route's change", async () => {
  const origin = { Origin: 'https://reader.example' };
  const answer = await proxy('GET', `/publisher/offers/${UNKNOWN_OFFER}/`, undefined, origin);
  assert.equal(header(answer, 'access-control-allow-origin'), 'https://reader.example');
  const exposed = (header(answer, 'access-control-expose-headers') ?? '').split(/\s*,\s*/);
  assert.ok(exposed.includes('X-Pubnet-Status'), exposed.join(', '));
  for (const name of ['X-WP-Total', 'X-WP-TotalPages', 'Link'])
    assert.ok(exposed.includes(name), `WordPress's own ${name} stays exposed`);
  const preflight = await proxy(
    'OPTIONS',
    `/publisher/offers/${UNKNOWN_OFFER}/tracking_link/`,
    undefined,
    {
      ...origin,
      'Access-Control-Request-Method': 'PUT',
    },
  );
  assert.match(header(preflight, 'access-control-expose-headers') ?? '', /X-Pubnet-Status/);
  const other = await raw(wp.url, 'GET', '/wp-json/wp/v2/types', origin);
  assert.equal(other.status, 200);
  assert.equal(header(other, 'access-control-expose-headers'), 'X-WP-Total, X-WP-TotalPages, Link');
});

/** Each widget of the page once it fired pubnet-load or pubnet-error (scrolled to in turn). */
const SETTLED = `(async () => {
  const log = window.__pubnet;
  for (;;) {
    const elements = [...document.querySelectorAll('pubnet-adslot, pubnet-product-grid, pubnet-offer-link')];
    const waiting = elements.filter((el) => !log.some((e) => e.el === el));
    if (waiting.length === 0)
      return elements.map((el) => {
        const anchor = el.querySelector('a');
        return {
          tag: el.localName,
          offer: el.getAttribute('offer'),
          state: el.getAttribute('state'),
          display: getComputedStyle(el).display,
          events: log.filter((e) => e.el === el).map((e) => e.type + ' ' + e.detail),
          href: anchor && anchor.getAttribute('href'),
          rel: anchor && anchor.getAttribute('rel'),
        };
      });
    waiting[0].scrollIntoView({ block: 'center' });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})()`;

interface Settled {
  tag: string;
  offer: string | null;
  state: string | null;
  display: string;
  events: string[];
  href: string | null;
  rel: string | null;
}

test('in Chromium, a post whose widgets all end in an expected outcome logs no error and no failed request; each widget ends as before', async () => {
  const closed = (await direct('GET', `/publisher/offers/${known.closedOffer}/`)).json as {
    preview_url: string;
  };
  // Deep links on each offer's own site (the closed one's is read through the proxy: 200).
  const closedLink = new URL('sale/', closed.preview_url).href;
  const unknownLink = 'https://unknown-shop.example/sale';
  const post = await wp.createPost(
    'Nothing here',
    [
      `<p>[pubnet_offer_link offer="${known.closedOffer}" deep_link="${closedLink}"]A closed offer[/pubnet_offer_link]</p>`,
      `<p>[pubnet_offer_link offer="${UNKNOWN_OFFER}" deep_link="${unknownLink}"]An unknown offer[/pubnet_offer_link]</p>`,
      `[pubnet_products query="no-such-product-zzz"]`,
      `[pubnet_adslot adslot="${UNKNOWN_ADSLOT}"]`,
    ].join('\n\n'),
  );
  const page = await (await browser.newContext()).newPage();
  await recordWidgets(page);
  const consoleErrors: string[] = [];
  const failed: string[] = [];
  const outcomes: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    const status = r.headers()['x-pubnet-status'];
    if (status) outcomes.push(`${status} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('requestfailed', (r) =>
    failed.push(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText}`),
  );
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${String(error)}`));
  try {
    const response = await page.goto(post);
    assert.equal(response?.status(), 200);
    const widgets = await within(
      'each widget’s pubnet-load or pubnet-error',
      page.evaluate(SETTLED) as Promise<Settled[]>,
      20_000,
    );
    await page.waitForLoadState('networkidle');

    assert.deepEqual(
      widgets.map((w) => w.tag).sort(),
      ['pubnet-adslot', 'pubnet-offer-link', 'pubnet-offer-link', 'pubnet-product-grid'],
      JSON.stringify(widgets),
    );
    const problems: string[] = [];
    for (const widget of widgets) {
      const what = `${widget.tag}${widget.offer ? ` ${widget.offer}` : ''}: ${JSON.stringify(widget)}`;
      if (widget.tag === 'pubnet-offer-link') {
        // No link: the publisher's own stays, and the element shows its text (never collapses).
        const own = widget.offer === known.closedOffer ? closedLink : unknownLink;
        const status = widget.offer === known.closedOffer ? 400 : 404;
        if (widget.href !== own) problems.push(`${what}: the publisher's link is gone`);
        if (/sponsored/.test(widget.rel ?? '')) problems.push(`${what}: marked as a tracking link`);
        if (widget.state !== 'error' || widget.display === 'none')
          problems.push(`${what}: not left as it was`);
        if (!widget.events.some((e) => e.startsWith('pubnet-error') && e.includes(String(status))))
          problems.push(`${what}: no pubnet-error for the API's ${status}`);
      } else {
        // Nothing to show and no fallback: collapsed.
        if (widget.state !== 'collapsed' || widget.display !== 'none')
          problems.push(`${what}: not collapsed`);
      }
    }
    const grid = widgets.find((w) => w.tag === 'pubnet-product-grid')!;
    if (!grid.events.includes('pubnet-load 0')) problems.push(`the grid: ${grid.events.join()}`);
    const slot = widgets.find((w) => w.tag === 'pubnet-adslot')!;
    if (!slot.events.some((e) => e.startsWith('pubnet-error') && e.includes('404')))
      problems.push(`the ad slot: ${slot.events.join()}`);
    none(problems);

    // The outcomes did come through the proxy as 200 with X-Pubnet-Status.
    for (const wanted of [
      `400 PUT ${PROXY}/publisher/offers/${known.closedOffer}/tracking_link/`,
      `404 PUT ${PROXY}/publisher/offers/${UNKNOWN_OFFER}/tracking_link/`,
      `404 GET ${PROXY}/publisher/adslots/${UNKNOWN_ADSLOT}/`,
    ])
      assert.ok(outcomes.includes(wanted), `${wanted} in ${outcomes.join(' | ')}`);
    assert.deepEqual(failed, [], 'no answer of 400 or more, no failed request');
    assert.deepEqual(consoleErrors, [], 'no console error');

    // The listener does see a failed request's console line (so the checks above can fail).
    const status = await page.evaluate(
      `fetch('${PROXY}/publisher/websites/').then((r) => r.status)`,
    );
    assert.equal(status, 404);
    for (let waited = 0; waited < 5_000 && !consoleErrors.some((m) => /404/.test(m)); waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(
      consoleErrors.some((m) => /404/.test(m)),
      `the console line of a 404: ${consoleErrors.join(' | ')}`,
    );
  } finally {
    await page.context().close();
  }
});

test("debug.log holds no PHP error, warning or notice from the plugin's files", () =>
  noPluginErrors(wp));
