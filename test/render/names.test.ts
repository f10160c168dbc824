// The framework-safe names (issue 22) render on a server as in the browser:
// `sale` filters on sale, as `on-sale` does, and `website-key` names the
// website, as `key` does and before it. Through the shipped proxy, which keeps
// a key that is one of its websites, so the API sees the one the attributes give.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderProductGrid, renderTags } from '../../src/render/index.js';
import { known, startStack } from '../proxy/support/stack.js';

const key = known.website.guid;
const other = known.websites.secondActive.guid;
const stack = await startStack({ websites: [key, other] });
const { emulator } = stack;

/** The product searches the API was asked for, since the last call. */
function searches() {
  const found = emulator.requests.filter((entry) => entry.path === '/publisher/products/');
  emulator.clearRequests();
  return found;
}

test('sale and website-key are attributes a render takes', async () => {
  const grid = await renderProductGrid(
    { sale: '', 'website-key': key, key: other, limit: '2' },
    { api: stack.proxy },
  );
  assert.equal(grid.state, 'ready');
  const [search] = searches();
  assert.equal(search.search, `?key=${key}`);
  assert.deepEqual(search.body, {
    filters: [{ discount: { lookup: 'gt', value: 0 } }],
    ordering: '-score',
    page_size: 2,
  });
  assert.match(grid.html, /<pubnet-product-grid[^>]* sale=""/);
});

test('renderTags: website-key on a tag wins over the page key', async () => {
  await renderTags(
    `<pubnet-product-grid sale website-key="${other}" limit="1"></pubnet-product-grid>`,
    {
      api: stack.proxy,
      key,
    },
  );
  const [search] = searches();
  assert.equal(search?.search, `?key=${other}`);
});
