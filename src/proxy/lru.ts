/**
 * The proxy's one kind of memory that visitors can fill: a least-recently-used
 * map bounded in entries AND bytes (api-contract §13), each entry with its own
 * lifetime. What a visitor sends (distinct queries, bodies, SubIDs) can only
 * push older entries out, never grow it past either bound. The widgets' own
 * cache (src/client/cache.ts) stays the smaller entry-bounded one: it runs in
 * a page, for one reader.
 */

/** Bytes of `text` as UTF-8, counted without encoding it. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair: two units, four bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

interface Slot<V> {
  value: V;
  size: number;
  until: number;
}

export class BoundedLru<V> {
  // A Map keeps insertion order: its first key is the least recently used.
  readonly #entries = new Map<string, Slot<V>>();
  readonly #max: number;
  readonly #maxBytes: number;
  readonly #now: () => number;
  #bytes = 0;
  /** The most recently used key: reading it again changes no order. */
  #newest: string | undefined;

  /** At most `max` entries and `maxBytes` bytes (as each `set` measured them). */
  constructor(max: number, maxBytes: number, now: () => number = Date.now) {
    this.#max = Math.max(1, Math.floor(max));
    this.#maxBytes = Math.max(1, Math.floor(maxBytes));
    this.#now = now;
  }

  /** The value of `key` while it lives, made the most recently used; else `undefined`. */
  get(key: string): V | undefined {
    const slot = this.#entries.get(key);
    if (!slot) return undefined;
    if (slot.until <= this.#now()) {
      this.#remove(key, slot);
      return undefined;
    }
    if (key !== this.#newest) {
      this.#entries.delete(key);
      this.#entries.set(key, slot);
      this.#newest = key;
    }
    return slot.value;
  }

  /**
   * Keeps `value` for `lifetime` ms as `size` bytes, pushing out the least
   * recently used entries past either bound. A value larger than the whole
   * byte bound (or with no lifetime) is not kept, and replaces nothing.
   * @returns whether it was kept.
   */
  set(key: string, value: V, size: number, lifetime: number): boolean {
    if (!(lifetime > 0) || size > this.#maxBytes) return false;
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    this.#entries.set(key, { value, size, until: this.#now() + lifetime });
    this.#newest = key;
    this.#bytes += size;
    while (this.#entries.size > this.#max || this.#bytes > this.#maxBytes) {
      const [oldest, slot] = this.#entries.entries().next().value!;
      this.#remove(oldest, slot);
    }
    return true;
  }

  /** Entries held (expired ones included until they are read or pushed out). */
  get size(): number {
    return this.#entries.size;
  }

  /** Bytes held, as measured when each entry was set. */
  get bytes(): number {
    return this.#bytes;
  }

  #remove(key: string, slot: Slot<V>): void {
    this.#entries.delete(key);
    this.#bytes -= slot.size;
    if (key === this.#newest) this.#newest = undefined;
  }
}
