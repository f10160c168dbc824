import { expect } from '@open-wc/testing';
import { isHttpError, routeList, routes, type RouteKey } from '../../src/client/index.js';
import { known, setup } from './support/client.js';

/** The method+path pairs of the §4 tables of the spec, as the test server serves it. */
async function specPairs(): Promise<string[]> {
  const text = await (await fetch('/spec/publisher-api.md')).text();
  const section = text.slice(text.indexOf('## 4. Endpoints'), text.indexOf('## 5.'));
  const pairs: string[] = [];
  let hasMethod = false;
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells[0] == 'Method' || cells[0] == 'Path') {
      hasMethod = cells[0] == 'Method';
      continue;
    }
    if (/^-+$/.test(cells[0] ?? '')) continue;
    const [methods, path] = hasMethod ? [cells[0]!, cells[1]!] : ['GET', cells[0]!];
    for (const m of methods.split(',')) pairs.push(`${m.trim()} ${path.replace(/`/g, '')}`);
  }
  return pairs;
}

/** Real ids for the path params of `key`. */
function paramsFor(key: RouteKey): Record<string, string> {
  const [area, name] = key.split('.') as [string, string];
  const byKey: Record<string, string> = {
    adslots: known.filterAdslot,
    websites: known.website.id,
    offers: known.offers[0],
    promo: known.website.guid,
  };
  if (area == 'my') return { id: known.privateToken };
  if (area == 'billing') return { currency__code: 'PLN', uuid: known.invoice };
  if (area == 'reports') return { slug: known.systemReportConfig, uuid: known.userReportConfig };
  if (area == 'products') return { id: known.product, uuid: known.exportTemplate };
  if (area == 'conversions')
    return { uuid: name.endsWith('Cpc') ? known.cpcConversion : known.conversion };
  return { uuid: byKey[area]!, token: byKey[area]! };
}

/** A sensible body for the writes that need one; `{}` for the rest. */
function bodyFor(key: RouteKey): unknown {
  const bodies: Partial<Record<RouteKey, unknown>> = {
    'adslots.create': { title: 'New', website: known.website.id, type: 'filter' },
    'websites.create': {
      url: 'https://new.example/',
      type: 'content',
      target_audience: 'PL',
      categories: [],
    },
    'offers.trackingLink': { website: known.website.guid },
    'products.trackingLink': { website: known.website.guid },
    'products.search': { filters: [] },
    'products.searchV2': { filters: [] },
    'products.createStats': {
      event: 'view',
      products: [known.product],
      website: known.website.guid,
    },
    'my.updatePassword': { old_password: known.password, new_password: 'An0ther-password' },
  };
  return bodies[key] ?? {};
}

describe('routes', () => {
  it('equal the 125 method+path pairs of the spec §4 tables', async () => {
    const spec = await specPairs();
    const ours = routeList.map(([, r]) => `${r.method} ${r.path}`);
    expect(spec).to.have.length(125);
    expect(new Set(spec).size).to.equal(125);
    expect([...ours].sort()).to.deep.equal([...spec].sort());
    expect(Object.keys(routes)).to.have.length(125);
  });

  it('each keyed <area>.<helper> and present on the client as that helper', async () => {
    const { emu, client } = await setup();
    for (const [key] of routeList) {
      const [area, name] = key.split('.') as [string, string];
      expect(
        typeof (client as unknown as Record<string, Record<string, unknown>>)[area]![name],
        key,
      ).to.equal('function');
    }
    await emu.stop();
  });

  it('every route answers the client (no 404, 405 or 5xx; GETs 2xx)', async () => {
    const { emu, client } = await setup({ retry: false });
    // deletes last, so that the other routes still find what they read
    const ordered = [...routeList].sort(
      ([, a], [, b]) => +(a.method == 'DELETE') - +(b.method == 'DELETE'),
    );
    const outcomes: string[] = [];
    for (const [key, route] of ordered) {
      let status = 200;
      try {
        await client.core.request(route, {
          params: paramsFor(key),
          query: key == 'offers.detect' ? { url: known.merchantUrl } : undefined,
          body: route.method == 'GET' || route.method == 'DELETE' ? undefined : bodyFor(key),
        });
      } catch (e) {
        if (!isHttpError(e)) throw e;
        status = e.status;
      }
      outcomes.push(`${status} ${key}`);
      expect([404, 405], key).not.to.include(status);
      expect(status, key).to.be.below(500);
      if (route.method == 'GET') expect(status, key).to.be.below(300);
    }
    expect(outcomes).to.have.length(125);
    await emu.stop();
  });
});
