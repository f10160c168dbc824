// Frameworks set properties, not attributes (React 19, Preact, Vue and Svelte
// do for any name the element has): a property must be checked and converted
// exactly as its attribute is, with the same warning (every element's every
// property: contract/attributes.test.ts). Here a product grid's, and the names
// no framework takes: `sale` (Preact, Vue and Svelte take `on*` for events) and
// `website-key` (React, Preact and Vue reserve `key`).
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/define.js';
import type { PubnetProductGrid } from '../../src/components/product-grid/product-grid.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { collectWarnings } from '../support/warnings.js';
import { emulator, nextEvent, requests } from './support/elements.js';

const key = known.website.guid;

describe('a product grid’s properties are checked as attributes are', () => {
  it('converts as the attribute does: numbers, clamping, enums, URLs, SubIDs', async () => {
    const grid = document.createElement('pubnet-product-grid');
    const seen = await collectWarnings(() => {
      Object.assign(grid, {
        limit: '100',
        columns: 0,
        minPrice: '12.5',
        maxPrice: 'cheap',
        ordering: '-price',
        layout: 'masonry',
        sid: 'no spaces!',
        api: 'javascript:alert(1)',
        sale: 'yes',
      });
    });
    expect([grid.limit, grid.columns, grid.minPrice, grid.maxPrice]).to.deep.equal([
      48,
      1,
      12.5,
      undefined,
    ]);
    expect([grid.ordering, grid.layout, grid.sid, grid.api, grid.sale]).to.deep.equal([
      '-price',
      undefined,
      undefined,
      undefined,
      true,
    ]);
    expect(seen).to.deep.equal([
      'pubnet-widgets: ignoring max-price="cheap"',
      'pubnet-widgets: ignoring layout="masonry"',
      'pubnet-widgets: ignoring sid="no spaces!"',
      'pubnet-widgets: ignoring api="javascript:alert(1)"',
    ]);
  });
});

describe('sale and website-key, and properties, in a search', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await emulator();
  });
  after(() => emu.stop());
  beforeEach(() => emu.clearRequests());

  async function search(template: ReturnType<typeof html>) {
    const loaded = nextEvent('pubnet-product-grid', 'pubnet-load');
    const element = await fixture<PubnetProductGrid>(template);
    await loaded;
    const [request] = await requests(emu, '/publisher/products/');
    return { element, request };
  }

  it('sale filters on sale, website-key names the website', async () => {
    const { request } = await search(
      html`<pubnet-product-grid eager api=${emu.url} website-key=${key} sale limit="2">
      </pubnet-product-grid>`,
    );
    expect(request.search).to.equal(`?key=${key}`);
    expect(request.body).to.deep.equal({
      filters: [{ discount: { lookup: 'gt', value: 0 } }],
      ordering: '-score',
      page_size: 2,
    });
  });

  it('website-key wins over key', async () => {
    const { request } = await search(
      html`<pubnet-product-grid
        eager
        api=${emu.url}
        key=${known.websites.secondActive.guid}
        website-key=${key}
      >
      </pubnet-product-grid>`,
    );
    expect(request.search).to.equal(`?key=${key}`);
  });

  it('properties as a framework sets them: converted, clamped, and the bad ones left out', async () => {
    const seen = await collectWarnings(() =>
      search(
        html`<pubnet-product-grid
          eager
          .api=${emu.url}
          .websiteKey=${key}
          .limit=${'100'}
          .minPrice=${'abc'}
          .sale=${true}
        >
        </pubnet-product-grid>`,
      ).then(({ request, element }) => {
        expect(element.limit).to.equal(48);
        expect(request.search).to.equal(`?key=${key}`);
        // 48, not "100": the API is never asked for more than the attribute allows.
        expect(request.body).to.deep.equal({
          filters: [{ discount: { lookup: 'gt', value: 0 } }],
          ordering: '-score',
          page_size: 48,
        });
      }),
    );
    expect(seen).to.deep.equal(['pubnet-widgets: ignoring min-price="abc"']);
  });
});
