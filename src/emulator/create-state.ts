/** A new emulator instance's state: the seed's records, cloned, but the products. */
import { Rng } from './prng.js';
import { buildSeed } from './seed/index.js';
import type { ProductRec, State } from './state.js';

let productIndex: Map<string, ProductRec> | undefined;

export function createState(): State {
  const seed = buildSeed();
  productIndex ??= new Map(seed.products.map((p) => [p.id, p]));
  const { products, clickTargets, ...mutable } = seed;
  return {
    ...structuredClone(mutable),
    products,
    productById: productIndex,
    clickTargets: new Map(clickTargets),
    clicks: [],
    productStats: [],
    embedMedia: [],
    rng: new Rng(0x5eed),
  };
}
