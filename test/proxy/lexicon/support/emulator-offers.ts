// The emulator's offers as the API lists them, read directly (with the token), so that a test
// judges the lexicon against the offers themselves, not against a copy of the seed.
import { TOKEN, type Stack } from '../../support/stack.js';
import type { ListedOffer } from './offers.js';

/** Every offer the emulator behind `stack` lists (one page of 100 holds them all). */
export async function emulatorOffers(stack: Stack): Promise<ListedOffer[]> {
  const response = await fetch(new URL('publisher/offers/?page_size=100', stack.upstream), {
    headers: { Authorization: `Token ${TOKEN}` },
  });
  const page = (await response.json()) as { next: unknown; results: ListedOffer[] };
  if (page.next !== null) throw new Error('the emulator lists more than 100 offers: read on');
  stack.emulator.clearRequests();
  return page.results;
}

/** The offer titled `title` (one, or the test fails). */
export function titled(offers: ListedOffer[], title: string): ListedOffer {
  const found = offers.filter((offer) => offer.title === title);
  if (found.length !== 1) throw new Error(`${found.length} offers titled ${title}`);
  return found[0]!;
}
