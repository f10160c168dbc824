// Who is counted by the rate limit: client keys (IPv4, IPv6 /64) and the bucket's accounting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clientKey } from '../../../src/proxy/http/client-ip.js';
import { Budget, RateLimiter } from '../../../src/proxy/read/rate-limit.js';

test('client key: IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 as its /64', () => {
  const cases: [string, string][] = [
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:c000:0201', '192.0.2.1'],
    ['0:0:0:0:0:ffff:192.0.2.1', '192.0.2.1'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1:2:3::', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['[2001:db8:1:2::7]:443', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    [' 2001:db8:1:2::1 ', '2001:db8:1:2::/64'],
  ];
  for (const [ip, key] of cases) assert.equal(clientKey(ip), key, ip);
});

test('client key: what is not an address is its own key', () => {
  for (const odd of ['unknown', '1:2:3', '2001:db8::1::2', '1:2:3:4:5:6:7:8:9', 'gggg::1'])
    assert.equal(clientKey(odd), odd);
  assert.equal(clientKey('::ffff:999.0.0.1'), '::ffff:999.0.0.1');
});

test('rate limiter: admit takes nothing, charge may go below zero but not past -burst', () => {
  let now = 0;
  const limiter = new RateLimiter({ rate: 1, burst: 2, maxClients: 10 }, () => now);
  assert.equal(limiter.admit('a').ok, true);
  assert.equal(limiter.admit('a').ok, true, 'admitting is free');
  for (let call = 0; call < 10; call += 1) limiter.charge('a');
  // 2 - 10 would be -8; the floor is -2, so a token is (1 - -2) / 1 = 3 s away.
  assert.deepEqual(limiter.admit('a'), { ok: false, retryAfter: 3 });
  now = 3_000;
  assert.equal(limiter.admit('a').ok, true);
});

test('budget: asked once per request; once admitted, its calls are counted, never refused', () => {
  const limiter = new RateLimiter({ rate: 1, burst: 1, maxClients: 10 }, () => 0);
  const request = new Budget(limiter, 'a');
  assert.equal(request.admit().ok, true);
  request.charge();
  request.charge();
  assert.equal(request.admit().ok, true, 'the parts of an admitted request');
  assert.deepEqual(new Budget(limiter, 'a').admit(), { ok: false, retryAfter: 2 });
  assert.equal(new Budget(limiter, 'b').admit().ok, true);
});
