// Issue 22, "every framework can set every attribute": React 19, Preact, Vue 3
// and Svelte 5 apps (test/interop/apps/), built by one Vite build during the
// test from the npm build (`import 'pubnet-widgets'` → dist/index.js), each
// visited by one system Chromium. Each app binds every attribute from its
// state and listens to every event in its framework's own syntax; the test
// reads what the elements received, what reached the emulator of the API,
// and what the apps' listeners recorded (`window.__events`).
// Needs the npm build first: `npm run build` (`npm test` does it).
import { after, before, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { known } from '../../dist/emulator/index.js';
import { launchBrowser } from '../e2e/support/browser.js';
import { within } from '../e2e/support/widgets.js';
import type { Attrs, Recorded } from './apps/shared.js';
import { buildApps, FRAMEWORKS, root, type BuiltApps } from './support/build.js';
import { Api, serveStatic } from './support/servers.js';
import { EVENTS, properties, recorded, setState, waitForEvents } from './support/page.js';
import { initialState, searchBody } from './support/state.js';

const SEARCH = '/publisher/products/';

let apps: BuiltApps | undefined;
let site: { url: string; close(): Promise<void> } | undefined;
let api: Api | undefined;
let browser: Browser | undefined;

before(async () => {
  apps = await buildApps();
  site = await serveStatic(apps.out);
  api = await new Api().start();
  browser = await launchBrowser();
});

after(async () => {
  await Promise.allSettled([browser?.close(), site?.close(), api?.close()]);
  apps?.remove();
});

test('one Vite build: the apps get dist/index.js through the package exports, and one Lit', () => {
  const chunks = apps!.chunks;
  const all = [...chunks.values()].flat();
  assert.ok(all.includes(`${root}/dist/index.js`), 'dist/index.js is in the build');
  assert.deepEqual(
    all.filter((id) => id.startsWith(`${root}/src/`)),
    [],
    'nothing from src/',
  );
  for (const file of ['lit-element/lit-element.js', 'lit-html/lit-html.js'])
    assert.deepEqual(
      all.filter((id) => id.endsWith(`/${file}`)),
      [realpathSync(`${root}/node_modules/${file}`)],
      `one ${file}`,
    );
  // React and Preact through Vite's own JSX transform, each with its own runtime.
  const react = chunks.get('react') ?? [];
  const preact = chunks.get('preact') ?? [];
  assert.ok(react.some((id) => id.endsWith('/node_modules/react/jsx-runtime.js')));
  assert.ok(preact.some((id) => id.includes('/node_modules/preact/jsx-runtime/')));
  assert.deepEqual(
    preact.filter((id) => /\/node_modules\/react(-dom)?\//.test(id)),
    [],
    'no React in the Preact app',
  );
});

/** Product searches the emulator got, from the `from`th request of its log on. */
function searches(from = 0) {
  return api!.emulator.requests
    .slice(from)
    .filter((entry) => entry.method === 'POST' && entry.path === SEARCH);
}

/** The grid's searches: the ones with a full-text filter (the ad slot's has none). */
const gridSearches = (from = 0) =>
  searches(from).filter((entry) =>
    (entry.body as { filters: object[] }).filters.some((filter) => 'any' in filter),
  );

/**
 * Sets `patch` and waits for the grid's next `pubnet-load`: the API requests
 * that caused (not CORS preflights, impression stats, or images).
 */
async function changeGrid(page: Page, patch: Partial<Attrs>) {
  const loads = (await recorded(page)).filter((e) => e.type === 'pubnet-load' && e.id === 'grid');
  const mark = api!.emulator.requests.length;
  await setState(page, patch);
  await waitForEvents(page, [{ type: 'pubnet-load', id: 'grid', count: loads.length + 1 }]);
  return api!.emulator.requests
    .slice(mark)
    .filter(
      (e) =>
        e.method !== 'OPTIONS' && e.path.startsWith('/publisher/') && e.path !== `${SEARCH}stats/`,
    )
    .map((e) => [e.method, e.path, e.search, e.body]);
}

for (const framework of FRAMEWORKS)
  test(`${framework}: state to attributes, events, one request per change, unmount`, async (t) => {
    const s = initialState(framework, api!.url);
    api!.emulator.clearRequests();
    api!.emulator.setFaults([]);
    const page = await browser!.newPage();
    t.after(() => page.close());
    const pageErrors: string[] = [];
    const warnings: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    page.on('console', (message) => {
      if (message.text().includes('pubnet-widgets')) warnings.push(message.text());
    });
    await page.addInitScript(
      (setup) => {
        (window as unknown as { __interop: typeof setup }).__interop = setup;
      },
      { attrs: s, token: known.token },
    );
    await page.goto(`${site!.url}${framework}/`);

    await t.test('every attribute from state reaches the element and the API', async () => {
      const events = await waitForEvents(page, [
        { type: 'pubnet-load', id: 'grid' },
        { type: 'pubnet-load', id: 'slot' },
        { type: 'pubnet-load', id: 'link' },
        { type: 'pubnet-error', id: 'broken' },
      ]);
      const grid = await properties(page, 'grid', [
        ...['query', 'brand', 'category', 'offer', 'minPrice', 'maxPrice', 'sale', 'ordering'],
        ...['limit', 'columns', 'layout', 'websiteKey', 'sid', 'api', 'target', 'disclosure'],
        ...['cta', 'eager'],
      ]);
      const { adslot, linkOffer, deepLink, brokenOffer: _, ...gridState } = s;
      assert.deepEqual(grid, gridState);
      const { websiteKey, sid, api: base, target, eager } = s;
      const shared = ['websiteKey', 'sid', 'api', 'target', 'eager'];
      assert.deepEqual(await properties(page, 'slot', ['adslot', ...shared]), {
        adslot,
        websiteKey,
        sid,
        api: base,
        target,
        eager,
      });
      assert.deepEqual(await properties(page, 'link', ['offer', 'deepLink', ...shared]), {
        offer: linkOffer,
        deepLink,
        websiteKey,
        sid,
        api: base,
        target,
        eager,
      });

      // What reached the API: the grid's one search, for the key of the state.
      const [search, ...more] = gridSearches();
      assert.equal(more.length, 0, 'one search of the grid');
      assert.deepEqual(search?.body, searchBody(s));
      assert.equal(search?.search, `?key=${s.websiteKey}`);
      const slot = api!.emulator.requests.find((e) => e.path === `/publisher/adslots/${adslot}/`);
      const slotQuery = new URLSearchParams(slot?.search);
      assert.deepEqual([slotQuery.get('key'), slotQuery.get('sid')], [websiteKey, sid]);
      const link = api!.emulator.requests.find(
        (e) => e.method === 'PUT' && e.path === `/publisher/offers/${linkOffer}/tracking_link/`,
      );
      assert.deepEqual(link?.body, { website: websiteKey, sid, deep_link: deepLink });

      // What only shows: layout, columns, limit, target, disclosure, cta.
      const shown = await page.$eval('#grid', (element) => {
        const shadow = element.shadowRoot!;
        return {
          list: shadow.querySelector('ul')?.className,
          targets: [...shadow.querySelectorAll('a[part="title"]')].map(
            (a) => (a as HTMLAnchorElement).target,
          ),
          disclosure: shadow.querySelector('[part~="disclosure"]')?.textContent?.trim(),
          buttons: [...shadow.querySelectorAll('[part="button"]')].map((b) =>
            b.textContent?.trim(),
          ),
        };
      });
      assert.deepEqual(shown, {
        list: 'list c3',
        targets: Array(3).fill(target),
        disclosure: s.disclosure,
        buttons: Array(3).fill(s.cta),
      });
      assert.equal(events.find((e) => e.id === 'grid')?.detail, 3);
      assert.deepEqual(warnings, []);
      // One copy of Lit ran (each copy adds its version).
      assert.deepEqual(
        await page.evaluate(() => {
          const w = window as unknown as Record<string, string[] | undefined>;
          return [w.litElementVersions, w.litHtmlVersions, w.reactiveElementVersions].map(
            (versions) => versions?.length,
          );
        }),
        [1, 1, 1],
      );
    });

    await t.test(
      'pubnet-load, -error, -impression and -click reach the app’s listeners',
      async () => {
        const events = await waitForEvents(page, [
          { type: 'pubnet-impression', id: 'grid', count: 3 },
          { type: 'pubnet-impression', id: 'link' },
        ]);
        const of = (type: string, id: string) =>
          events.filter((e) => e.type === type && e.id === id).map((e) => e.detail);
        assert.deepEqual(of('pubnet-load', 'grid'), [3]);
        assert.deepEqual(of('pubnet-load', 'link'), [1]);
        assert.equal(of('pubnet-load', 'slot').length, 1);
        assert.match(String(of('pubnet-error', 'broken')), /404|not found/i);
        assert.deepEqual(
          events.filter((e) => e.type === 'pubnet-error' && e.id !== 'broken'),
          [],
          'no other pubnet-error',
        );
        const products = of('pubnet-impression', 'grid');
        assert.equal(new Set(products).size, 3);
        for (const id of products) assert.match(String(id), /^p\d+$/);
        assert.deepEqual(of('pubnet-impression', 'link'), [s.linkOffer]);

        // A click on a card: followed (in the app's frame), and told to the app.
        const card = page.locator('#grid a[part="title"]').first();
        const href = await card.getAttribute('href');
        const followed = page.waitForRequest((request) => request.url() === href);
        followed.catch(() => {}); // awaited below, unless the click fails first
        await card.click();
        assert.equal((await within('the click to be followed', followed)).frame().name(), s.target);
        const clicks = await waitForEvents(page, [{ type: 'pubnet-click', id: 'grid' }]);
        assert.deepEqual(
          clicks.filter((e) => e.type === 'pubnet-click').map((e) => [e.id, e.detail]),
          [['grid', href]],
        );
      },
    );

    await t.test('changing the query is one new search, with the other filters kept', async () => {
      const next = { ...s, query: 'earphones' };
      // The framework renders the whole app again: the other widgets load nothing.
      assert.deepEqual(await changeGrid(page, { query: next.query }), [
        ['POST', SEARCH, `?key=${s.websiteKey}`, searchBody(next)],
      ]);
      assert.deepEqual(await properties(page, 'grid', ['query']), { query: 'earphones' });
    });

    await t.test('sale is a boolean: false from state drops the discount filter', async () => {
      const next = { ...s, query: 'earphones', sale: false };
      assert.deepEqual(await changeGrid(page, { sale: false }), [
        ['POST', SEARCH, `?key=${s.websiteKey}`, searchBody(next)],
      ]);
      assert.deepEqual(await properties(page, 'grid', ['sale', 'eager']), {
        sale: false,
        eager: true,
      });
      assert.deepEqual(warnings, []);
    });

    await t.test(
      'a string from state is converted as the attribute is: limit "100" is 48',
      async () => {
        const next = { ...s, query: 'earphones', sale: false, limit: 48 };
        // As from a form field: the framework sets the property to the string.
        const limit = '100' as unknown as number;
        assert.deepEqual(await changeGrid(page, { limit }), [
          ['POST', SEARCH, `?key=${s.websiteKey}`, searchBody(next)],
        ]);
        assert.deepEqual(await properties(page, 'grid', ['limit']), { limit: 48 });
      },
    );

    await t.test(
      'a new deep-link that gets no tracking link leaves the app’s new href',
      async (t: TestContext) => {
        const errors = (await recorded(page)).filter(
          (e) => e.type === 'pubnet-error' && e.id === 'link',
        ).length;
        api!.emulator.setFaults([
          {
            path: '/publisher/offers/*/tracking_link/',
            method: 'PUT',
            kind: 'status',
            status: 400,
          },
        ]);
        t.after(() => api!.emulator.setFaults([]));
        // The app renders the anchor's href from the same state as deep-link.
        await setState(page, { deepLink: 'https://shop.example/other' });
        await waitForEvents(page, [{ type: 'pubnet-error', id: 'link', count: errors + 1 }]);
        assert.equal(await page.getAttribute('#link a', 'href'), 'https://shop.example/other');
      },
    );

    await t.test(
      'unmounting while the grid loads aborts its search, and nothing fires after',
      async (t: TestContext) => {
        // The emulator holds the next search until its client goes away.
        api!.emulator.setFaults([{ path: SEARCH, method: 'POST', kind: 'hang' }]);
        t.after(() => api!.emulator.setFaults([]));
        const mark = api!.seen.length;
        const failed = page.waitForEvent(
          'requestfailed',
          (request) => request.method() === 'POST' && new URL(request.url()).pathname === SEARCH,
        );
        failed.catch(() => {}); // awaited below, unless an assertion fails first
        await setState(page, { query: 'slow' });
        const held = await api!.waitFor('the held search', () =>
          api!.seen.slice(mark).find((e) => e.method === 'POST' && e.path === SEARCH),
        );
        assert.equal(await page.getAttribute('#grid', 'state'), 'loading');
        // Listeners on the elements themselves outlive the app's, which go with it.
        const before = await page.evaluate((types) => {
          const late: string[] = [];
          (window as unknown as { __late: string[] }).__late = late;
          for (const id of ['grid', 'slot', 'link', 'broken']) {
            const element = document.getElementById(id)!;
            if (id === 'grid') (window as unknown as { __grid: Element }).__grid = element;
            for (const type of types)
              element.addEventListener(type, () => late.push(`${type} #${id}`));
          }
          (window as unknown as { app: { unmount(): void } }).app.unmount();
          return (window as unknown as { __events: Recorded[] }).__events.length;
        }, EVENTS);
        await api!.waitFor('the search to be aborted', () => held.aborted);
        assert.match((await within('requestfailed', failed)).failure()?.errorText ?? '', /ABORTED/);
        // A task and a frame after the abort: a pubnet-* event would have fired by now.
        const after = await page.evaluate(
          () =>
            new Promise<{ late: string[]; events: number; connected: boolean }>((resolve) =>
              setTimeout(() =>
                requestAnimationFrame(() => {
                  const w = window as unknown as {
                    __late: string[];
                    __events: Recorded[];
                    __grid: Element;
                  };
                  resolve({
                    late: w.__late,
                    events: w.__events.length,
                    connected: w.__grid.isConnected,
                  });
                }),
              ),
            ),
        );
        assert.deepEqual(after, { late: [], events: before, connected: false });
        assert.deepEqual(pageErrors, []);
      },
    );
  });
