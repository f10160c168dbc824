import { expect, fixture, html } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import '../../src/components/define.js';
import type { PubnetProductGrid } from '../../src/components/product-grid/product-grid.js';
import { configure, setScriptOptions } from '../../src/page/options.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { collectWarnings as warnings } from '../support/warnings.js';
import { emulator, nextEvent, requests, shadow } from './support/elements.js';

const key = known.website.guid;

async function loadGrid(template: TemplateResult) {
  const loaded = nextEvent('pubnet-product-grid', 'pubnet-load');
  const el = await fixture<PubnetProductGrid>(template);
  await loaded;
  await el.updateComplete;
  return el;
}

describe('common attributes and options', () => {
  let a: TestEmulator;
  let b: TestEmulator;
  before(async () => {
    b = await emulator();
    a = await emulator();
  });
  after(() => Promise.all([a.stop(), b.stop()]));
  beforeEach(() => Promise.all([a.clearRequests(), b.clearRequests()]));

  it('api and key: element attribute, then configure(), then the script tag', async () => {
    setScriptOptions({ api: a.url, key });
    await loadGrid(html`<pubnet-product-grid></pubnet-product-grid>`);
    const search = (emu: TestEmulator) => requests(emu, '/publisher/products/');
    expect(await search(a)).to.have.length(1);
    expect((await search(a))[0].search).to.equal(`?key=${key}`);

    configure({ api: b.url });
    await loadGrid(html`<pubnet-product-grid eager></pubnet-product-grid>`);
    expect(await search(b)).to.have.length(1);

    await loadGrid(
      html`<pubnet-product-grid
        api=${a.url}
        key=${known.websites.secondActive.guid}
        eager
      ></pubnet-product-grid>`,
    );
    const [, second] = await search(a);
    expect(second.search).to.equal(`?key=${known.websites.secondActive.guid}`);
  });

  it('ignores invalid values with one warning naming the attribute', async () => {
    const seen = await warnings(() =>
      loadGrid(
        html`<pubnet-product-grid
          api=${a.url}
          key=${key}
          limit="lots"
          columns="9"
          layout="masonry"
          ordering="random"
          min-price="cheap"
          sid="no spaces!"
          query="invalid"
        >
        </pubnet-product-grid>`,
      ),
    );
    expect(seen).to.have.length(5);
    for (const name of ['limit', 'layout', 'ordering', 'min-price', 'sid'])
      expect(
        seen.filter((w) => w.includes(`${name}=`)),
        name,
      ).to.have.length(1);
    const [search] = await requests(a, '/publisher/products/');
    expect(search.body).to.deep.equal({
      filters: [{ any: { lookup: 'contains', value: 'invalid' } }],
      ordering: '-score',
      page_size: 8,
    });
  });

  it('clamps columns to 1–6', async () => {
    const el = await loadGrid(
      html`<pubnet-product-grid eager api=${a.url} key=${key} columns="9"> </pubnet-product-grid>`,
    );
    expect(el.columns).to.equal(6);
    expect(
      getComputedStyle(shadow(el).querySelector('ul')!).getPropertyValue('--columns'),
    ).to.equal('6');
  });

  it('sid and deep-link go into the tracking link; invalid ones are left out', async () => {
    const loaded = nextEvent('pubnet-offer-link', 'pubnet-load');
    const seen = await warnings(async () => {
      await fixture<HTMLElement>(
        html`<pubnet-offer-link
          api=${a.url}
          key=${key}
          offer=${known.offers[0]}
          sid=${'x'.repeat(40)}
          deep-link="ftp://files.example/"
          ><a href="https://x.example/">x</a>
        </pubnet-offer-link>`,
      );
      await loaded;
    });
    expect(seen.map((w) => w.split('=')[0]).sort()).to.deep.equal([
      'pubnet-widgets: ignoring deep-link',
      'pubnet-widgets: ignoring sid',
    ]);
    // (The offers path only: an earlier test's batched impression stats may come in now.)
    expect((await requests(a, '/publisher/offers/'))[0].body).to.deep.equal({ website: key });
  });
});
