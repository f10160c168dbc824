// Frameworks set properties, not attributes (React 19, Preact, Vue and Svelte
// do for any name the element has): a property must be checked and converted
// exactly as its attribute is, with the same warning. And the names no
// framework takes: `sale` (Preact, Vue and Svelte take `on*` for events) and
// `website-key` (React, Preact and Vue reserve `key`).
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/define.js';
import type { PubnetProductGrid } from '../../src/components/product-grid/product-grid.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { collectWarnings } from '../support/warnings.js';
import { emulator, nextEvent, requests } from './helpers.js';

const key = known.website.guid;

/** Each tag's properties, by the attribute that sets them. */
const PROPERTIES: Record<string, Record<string, string>> = {
  'pubnet-product-grid': {
    query: 'query',
    brand: 'brand',
    category: 'category',
    offer: 'offer',
    'min-price': 'minPrice',
    'max-price': 'maxPrice',
    sale: 'sale',
    'on-sale': 'onSale',
    ordering: 'ordering',
    limit: 'limit',
    columns: 'columns',
    layout: 'layout',
  },
  'pubnet-adslot': { adslot: 'adslot' },
  'pubnet-offer-link': { offer: 'offer', 'deep-link': 'deepLink' },
};
/** What every widget has. */
const COMMON: Record<string, string> = {
  api: 'api',
  'website-key': 'websiteKey',
  key: 'key',
  sid: 'sid',
  target: 'target',
  disclosure: 'disclosure',
  cta: 'cta',
  eager: 'eager',
};

/** Values of every kind a framework may pass: bad numbers, URLs, enums, SubIDs, types. */
const PRIMITIVES: unknown[] = [
  '',
  ' ',
  'abc',
  '0',
  '-5',
  '100',
  '12.5',
  'NaN',
  0,
  -1,
  100,
  12.5,
  NaN,
  Infinity,
  true,
  false,
  'false',
  'javascript:alert(1)',
  'data:text/html,x',
  '/relative/path',
  'https://shop.example/deal',
  'no spaces!',
  'x'.repeat(40),
  'Price',
  '-price',
  'masonry',
  'list',
];
const OBJECTS: unknown[] = [{}, [1, 2], { toString: () => '5' }, () => 'x'];

/** The element's property `name` after `set`, and the warnings `set` gave. */
async function setOn(tag: string, name: string, set: (element: HTMLElement) => void) {
  const element = document.createElement(tag);
  const seen = await collectWarnings(() => set(element));
  return { value: (element as unknown as Record<string, unknown>)[name], seen };
}

describe('properties are checked as attributes are', () => {
  for (const [tag, own] of Object.entries(PROPERTIES))
    for (const [attribute, name] of Object.entries({ ...own, ...COMMON }))
      it(`<${tag}>.${name} takes every value as the ${attribute} attribute does`, async () => {
        const boolean = ['sale', 'on-sale', 'eager'].includes(attribute);
        for (const value of PRIMITIVES) {
          const byProperty = await setOn(tag, name, (element) => {
            (element as unknown as Record<string, unknown>)[name] = value;
          });
          // A framework writes `false` by removing a boolean attribute (the property
          // is then never set: undefined, which is off).
          const byAttribute = await setOn(tag, name, (element) => {
            if (!(boolean && value === false)) element.setAttribute(attribute, String(value));
          });
          if (boolean) byAttribute.value = !!byAttribute.value;
          expect(byProperty, `${name} = ${JSON.stringify(value)}`).to.deep.equal(byAttribute);
        }
        // What no attribute can hold: ignored with the attribute's warning, or,
        // for a boolean, present.
        for (const value of OBJECTS) {
          const { value: taken, seen } = await setOn(tag, name, (element) => {
            (element as unknown as Record<string, unknown>)[name] = value;
          });
          if (boolean) expect(taken).to.equal(true);
          else {
            expect(taken, name).to.equal(undefined);
            expect(seen).to.deep.equal([
              `pubnet-widgets: ignoring ${attribute}="${String(value)}"`,
            ]);
          }
        }
        // Cleared: as if the attribute were removed.
        const element = document.createElement(tag) as unknown as Record<string, unknown>;
        await collectWarnings(() => (element[name] = boolean || 'https://shop.example/'));
        const seen = await collectWarnings(() => (element[name] = null));
        expect({ value: element[name], seen }).to.deep.equal({
          value: boolean ? false : undefined,
          seen: [],
        });
      });

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
