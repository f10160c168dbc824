// The proxy's bounded LRU (src/proxy/lru.ts): reading the most recently used key again
// changes no order (it skips the re-insertion), and every other read still moves its key last.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BoundedLru } from '../../src/proxy/lru.js';

test('reads keep the order least recently used first, the newest key read again included', () => {
  const now = 0;
  const lru = new BoundedLru<string>(3, 1_000, () => now);
  lru.set('a', 'A', 1, 100);
  lru.set('b', 'B', 1, 100);
  lru.set('c', 'C', 1, 100);
  assert.equal(lru.get('c'), 'C'); // already the newest
  assert.equal(lru.get('a'), 'A'); // now the newest: b is the oldest
  assert.equal(lru.get('a'), 'A');
  lru.set('d', 'D', 1, 100);
  assert.equal(lru.get('b'), undefined, 'b went first');
  assert.deepEqual(
    ['a', 'c', 'd'].map((key) => lru.get(key)),
    ['A', 'C', 'D'],
  );
  lru.set('e', 'E', 1, 100);
  assert.equal(lru.get('a'), undefined, 'a, read before c and d, went next');
  assert.equal(lru.size, 3);
});

test('an expired newest entry is gone when read, and the next read of another key reorders', () => {
  let now = 0;
  const lru = new BoundedLru<string>(2, 1_000, () => now);
  lru.set('a', 'A', 10, 100);
  lru.set('b', 'B', 10, 50);
  now = 60;
  assert.equal(lru.get('b'), undefined, 'expired');
  assert.deepEqual([lru.size, lru.bytes], [1, 10]);
  lru.set('c', 'C', 10, 100);
  assert.equal(lru.get('a'), 'A');
  lru.set('d', 'D', 10, 100);
  assert.equal(lru.get('c'), undefined, 'c was the least recently used');
  assert.equal(lru.get('a'), 'A');
});
