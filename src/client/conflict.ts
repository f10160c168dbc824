/** Updating under the optimistic lock (`_version`) of ad slots and websites. */
import type { Client } from './client.js';
import { isConflictError } from './guards.js';
import { adslotsRoutes } from './routes/adslots.js';
import { websitesRoutes } from './routes/websites.js';
import type { Adslot, Website } from './types.js';

/** The resources that carry `_version`. */
export type Versioned = { adslots: Adslot; websites: Website };

export interface UpdateOptions {
  /** Update attempts, each after a fresh read (default 3). */
  attempts?: number;
  signal?: AbortSignal;
}

const reads = {
  adslots: adslotsRoutes['adslots.get'],
  websites: websitesRoutes['websites.get'],
};

/**
 * Reads the ad slot or website `id`, applies `change` and PUTs the result with
 * the `_version` that was read (`client.<area>.update`). On a `ConflictError`
 * (someone else wrote in between) it reads again and re-applies `change`, up to
 * `attempts` times in all, then throws the last `ConflictError`. Other errors
 * are thrown at once. Reads bypass the client's cache.
 *
 * `change` must be pure: it may run several times. It gets a copy of the
 * current resource and returns the whole new one.
 */
export async function updateWithRetry<A extends keyof Versioned>(
  client: Client,
  area: A,
  id: string,
  change: (current: Versioned[A]) => Versioned[A],
  { attempts = 3, signal }: UpdateOptions = {},
): Promise<Versioned[A]> {
  const read = { ...reads[area], cacheable: false };
  const update = client[area].update as (
    params: { uuid: string },
    options: { body: Versioned[A]; signal?: AbortSignal },
  ) => Promise<Versioned[A]>;
  for (let attempt = 1; ; attempt++) {
    const current = (await client.core.request(read, {
      params: { uuid: id },
      signal,
    })) as Versioned[A];
    const next = change(structuredClone(current));
    try {
      return await update({ uuid: id }, { signal, body: { ...next, _version: current._version } });
    } catch (error) {
      if (!isConflictError(error) || attempt >= attempts) throw error;
    }
  }
}
