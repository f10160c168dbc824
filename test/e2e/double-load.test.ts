// The bundle loaded more than once on a page, as happens when a theme and a
// plugin each add it, one of them another version: nothing throws, and the
// first copy's elements and `window.Pubnet` stay in charge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ELEMENTS } from '../../src/components/registry.js';
import { known } from '../../src/emulator/index.js';
import { packageVersion } from './support/bundle.js';
import { watchPage, type PageProblems } from './support/browser.js';
import { useSession } from './support/session.js';
import { OTHER_VERSION } from './support/site.js';
import { readWidget, recordWidgetEvents, waitForLoads } from './support/widgets.js';

const session = useSession();

async function open(path: string): Promise<{ page: Page; problems: PageProblems }> {
  const page = await session.browser.newPage();
  const problems = await watchPage(page);
  await recordWidgetEvents(page);
  await page.goto(`${session.site.url}${path}`);
  return { page, problems };
}

const version = (page: Page) => page.evaluate(() => window.Pubnet?.version);

test('three copies (one another version) in a row: no error, the first one’s version and options', async () => {
  const { page, problems } = await open('double.html');
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  const loads = await waitForLoads(page, ['grid', 'filter-slot']);
  assert.equal(loads.get('grid'), 2);
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.consoleErrors, []);
  assert.equal(await version(page), packageVersion);
  // The later tags' data-api (a dead port) is theirs alone: the widgets used the first one's.
  assert.deepEqual(failed, []);
  assert.equal((await readWidget(page, '#grid')).links.length, 2);
  // The same version again is silent; the other version says so once per tag.
  assert.equal(
    problems.consoleWarnings.length,
    ELEMENTS.length,
    problems.consoleWarnings.join('\n'),
  );
  for (const warning of problems.consoleWarnings) assert.match(warning, /already defined/);
  await page.close();
});

test('window.Pubnet.configure() is the one the registered elements read', async () => {
  const { page } = await open('double.html');
  await waitForLoads(page, ['grid']);
  await page.evaluate((offer) => {
    window.Pubnet!.configure({ sid: 'double_load' });
    const link = document.createElement('pubnet-offer-link');
    link.id = 'late';
    link.setAttribute('offer', offer);
    link.toggleAttribute('eager', true);
    link.append(Object.assign(document.createElement('a'), { href: 'https://shop.example/' }));
    document.body.append(link);
  }, known.offers[1]);
  await waitForLoads(page, ['late']);
  const put = session.site.emulator.requests.find(
    (entry) =>
      entry.method === 'PUT' &&
      entry.path === `/publisher/offers/${known.offers[1]}/tracking_link/`,
  );
  assert.equal((put?.body as { sid?: string } | undefined)?.sid, 'double_load');
  await page.close();
});

test('another version added after the widgets rendered leaves them as they are', async () => {
  const { page, problems } = await open('first.html');
  await waitForLoads(page, ['grid']);
  const before = await readWidget(page, '#grid');
  const card = await page.$('#grid >> a[href]');
  // Resolves on the script's load event, which follows its execution.
  await page.addScriptTag({ url: '/cdn/other/pubnet.min.js' });
  assert.equal(await version(page), packageVersion);
  assert.notEqual(OTHER_VERSION, packageVersion);
  assert.equal(await card!.evaluate((a) => a.isConnected), true, 'the rendered card was replaced');
  assert.deepEqual(await readWidget(page, '#grid'), before);
  // The elements still work: a grid added now renders.
  await page.evaluate(() => {
    const grid = document.createElement('pubnet-product-grid');
    grid.id = 'late-grid';
    grid.setAttribute('query', 'coffee');
    grid.setAttribute('limit', '1');
    grid.toggleAttribute('eager', true);
    document.body.append(grid);
  });
  assert.equal((await waitForLoads(page, ['late-grid'])).get('late-grid'), 1);
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});
