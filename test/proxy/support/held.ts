// An upstream that answers only when the test says so: a slow API without waiting on real time.
import { getEventListeners } from 'node:events';

/** What the held upstream answers every call with: any JSON object is a valid answer. */
const PAGE = JSON.stringify({ count: 0, next: null, previous: null, results: [] });

export interface HeldUpstream {
  /** The `fetch` to give the proxy. */
  fetch: typeof fetch;
  /** Calls received so far. */
  readonly calls: number;
  /** Calls received and not answered yet. */
  readonly inFlight: number;
  /** The most calls ever in flight at once. */
  readonly maxInFlight: number;
  /** Answers every held call, and every later one at once. */
  open(): void;
  /** Holds the calls from now on again. */
  hold(): void;
}

/** A fetch that holds each call until {@link HeldUpstream.open}, counting what is in flight. */
export function heldUpstream(): HeldUpstream {
  let calls = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let opened = false;
  const held: (() => void)[] = [];
  const fetchHeld = async (_input: string | URL | Request, init?: RequestInit) => {
    calls += 1;
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      if (!opened)
        await new Promise<void>((resolve, reject) => {
          held.push(resolve);
          // The proxy's own timeout or a caller leaving: fail like a real fetch would.
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), {
            once: true,
          });
        });
      return new Response(PAGE, { headers: { 'Content-Type': 'application/json' } });
    } finally {
      inFlight -= 1;
    }
  };
  return {
    fetch: fetchHeld as typeof fetch,
    get calls() {
      return calls;
    },
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    open() {
      opened = true;
      for (const release of held.splice(0)) release();
    },
    hold() {
      opened = false;
    },
  };
}

/**
 * How many of `requests` the proxy is waiting on with an abort listener on their signal: a
 * read that joined a shared call in flight listens for its own caller leaving.
 */
export function listening(requests: Request[]): number {
  return requests.filter((request) => getEventListeners(request.signal, 'abort').length > 0).length;
}
