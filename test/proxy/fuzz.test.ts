// 3,000 seeded hostile requests against the Node adapter and the proxy
// (api-contract §12): whatever arrives, no 5xx and never the token.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TOKEN, known, startStack } from './support/stack.js';
import { raw } from '../support/raw-http.js';
import { prng } from '../../scripts/test/prng.mjs';

const guid = known.website.guid;

test('3,000 seeded hostile requests: no 5xx, the token in no answer', async () => {
  const stack = await startStack({ websites: [guid], basePath: '/p/' });
  const random = prng(19);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const paths = [
    `publisher/adslots/${known.filterAdslot}/?key=${guid}`,
    `publisher/adslots/${known.manualAdslot}/?key=${guid}&sid=s`,
    `publisher/offers/${known.offers[0]}/`,
    `publisher/offers/${known.offers[0]}/tracking_link/`,
    `publisher/products/?key=${guid}`,
    `publisher/products/${known.product}/tracking_link/`,
    `publisher/products/stats/`,
    `publisher/offers/detect/?url=${encodeURIComponent(known.merchantUrl)}`,
    `render/adslots/${known.filterAdslot}/?key=${guid}`,
    'render/product-grid/?query=a&limit=2',
    'publisher/my/',
    'my/private_tokens/',
    '../my/',
    '%2e%2e/my/',
    '',
  ];
  const mutate = (path: string) =>
    pick([
      () => path,
      () => path.replace(/\/$/, ''),
      () => `${path}${path.includes('?') ? '&' : '?'}page=${Math.floor(random() * 1e6)}`,
      () => path.replace(/[a-f0-9]{8}/, '%00%ff'),
      () => `/${path}`,
      () => path + '%',
      () => path.replace('?', '?key=&key=x&'),
    ])();
  const bodies = [
    '',
    '{}',
    '{"filters":[],"page_size":2}',
    '{"sid":"a","website":"x"}',
    '{"event":"view","products":["a"]}',
    '[',
    'null',
    '{"a":' + '['.repeat(40) + ']'.repeat(40) + '}',
    '{"filters":' + '['.repeat(3000) + ']'.repeat(3000) + '}',
    '\u0000\u00ff',
    JSON.stringify({ filters: [{ x: 'y'.repeat(20_000) }] }),
  ];
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'FOO'];
  const hosts = ['evil.example', '', 'user@evil.example', 'x:99999', '%%%', '[::1]', 'a b'];
  const secrets = [TOKEN, Buffer.from(TOKEN).toString('base64'), encodeURIComponent(TOKEN)];
  const statuses = new Map<number, number>();
  const batch = 20;
  for (let sent = 0; sent < 3_000; sent += batch) {
    const round = Array.from({ length: batch }, () => {
      const method = pick(methods);
      const headers: Record<string, string> = { Connection: 'close' };
      if (random() < 0.3) headers.Host = pick(hosts);
      if (random() < 0.3) headers['Accept-Language'] = `x-${Math.floor(random() * 1e4)}`;
      if (random() < 0.3) headers['Accept-Encoding'] = pick(['gzip', 'br', '*', 'gzip;q=0']);
      if (random() < 0.2) headers['Content-Type'] = 'application/json';
      if (random() < 0.1) headers.Origin = 'https://evil.example';
      if (random() < 0.1) headers['Access-Control-Request-Method'] = pick(methods);
      const body = method === 'GET' || method === 'HEAD' ? undefined : pick(bodies);
      return raw(stack.proxy, method, `/p/${mutate(pick(paths))}`, headers, body);
    });
    for (const answer of await Promise.all(round)) {
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const all = JSON.stringify(answer.headers) + answer.text;
      for (const secret of secrets) assert.ok(!all.includes(secret), 'the token leaked');
    }
  }
  const fives = [...statuses].filter(([status]) => status >= 500);
  assert.deepEqual(fives, [], `statuses: ${JSON.stringify([...statuses])}`);
  assert.ok(!JSON.stringify(stack.logs).includes(TOKEN));
});
