/**
 * In-text links in a page (embed-contract "In-text links"): the mentions of the network's
 * merchants in the page's text become links to them, from the proxy's lexicon, by the rules
 * `linkMentions` follows on a server (choose.ts). What the reader sees never moves: the work
 * is done in idle time, in slices, and a mention in view is linked only once it is out of
 * view. The auto-linking file loads this with the reader's consent (src/embed/intext.ts);
 * auto-linking then makes each link a tracking link.
 */
import { choose, DEFAULT_LIMITS, nothingLinked, siteOf, type Chosen } from './choose.js';
import { linkText, walkElements } from './dom.js';
import { entriesOf, readEntry } from './lexicon.js';
import { addEntry, emptyCompiled } from './match.js';

export interface InTextOptions {
  /** Base URL of the publisher's proxy: its lexicon is `<api>lexicon/`. */
  api: string;
  /** CSS selectors of the parts of `root` whose text is linked (default: `root`). */
  scope?: string;
  /** CSS selectors of elements never linked into. */
  exclude?: string;
  /** Links in all (default 8). */
  max?: number;
  /** Words from one link to the next (default 150). */
  perWords?: number;
  /** Stops the work (links made stay). */
  signal?: AbortSignal;
  /** The lexicon's request (default: the page's `fetch`). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Resolves once `element` is out of view (default: an `IntersectionObserver`). */
  outOfView?: (element: Element, signal?: AbortSignal) => Promise<void>;
}

/** How much of an idle moment is left (ms). */
type TimeLeft = () => number;

/**
 * An idle moment, of at most 8 ms (an idle period may offer 50, which would be a long
 * task): `requestIdleCallback`'s, else (Safari) the next task's. No timer of the widgets'
 * (`env`): nothing here waits for a given time.
 */
const idle = () =>
  new Promise<TimeLeft>((resolve) => {
    const run = (deadline?: IdleDeadline) => {
      const end = performance.now() + 8;
      resolve(() => Math.min(end - performance.now(), deadline ? deadline.timeRemaining() : 8));
    };
    if (typeof requestIdleCallback == 'function') requestIdleCallback(run, { timeout: 2e3 });
    else setTimeout(run);
  });

/** Runs `each` over `items` in idle slices, until `signal` aborts. */
async function sliced<T>(
  items: readonly T[],
  each: (item: T, i: number) => void,
  signal?: AbortSignal,
) {
  for (let i = 0; i < items.length;) {
    const timeLeft = await idle();
    signal?.throwIfAborted();
    do each(items[i], i++);
    while (i < items.length && timeLeft() >= 1);
  }
}

/** Resolves once `element` is out of view. */
const outOfViewport = (element: Element, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const observer = new IntersectionObserver(([entry]) => {
      if (entry.isIntersecting) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(element);
    signal?.addEventListener('abort', () => observer.disconnect(), { once: true });
  });

/**
 * Links the mentions in `root`'s text (see the file's comment); resolves with how many it
 * chose, each linked once out of view. Throws nothing but the abort: no lexicon, no links.
 */
export async function linkInText(root: ParentNode, options: InTextOptions): Promise<number> {
  const { api, scope, exclude, signal, outOfView = outOfViewport } = options;
  const limits = {
    max: options.max ?? DEFAULT_LIMITS.max,
    perWords: options.perWords ?? DEFAULT_LIMITS.perWords,
  };
  let entries: unknown[] | undefined;
  try {
    const response = await (options.fetch ?? fetch)(new URL('lexicon/', api).href, {
      credentials: 'omit',
      signal,
    });
    entries = response.ok ? entriesOf(await response.json()) : undefined;
  } catch {
    signal?.throwIfAborted();
  }
  if (!entries?.length) return 0;
  // Each entry read and filed in idle slices: 2,000 of them cost no long task.
  const compiled = emptyCompiled();
  await sliced(
    entries,
    (value) => {
      const entry = readEntry(value);
      if (entry) addEntry(compiled, entry);
    },
    signal,
  );
  // The scopes in reading order, none inside another.
  const found = scope ? [...root.querySelectorAll(scope)] : [root as Element];
  const roots = found.filter(
    (element) => !found.some((other) => other != element && other.contains(element)),
  );
  const { runs, nodes, hrefs } = walkElements(roots, exclude);
  const sites = hrefs.map(siteOf).filter(Boolean);
  const linked = nothingLinked();
  const chosen: Chosen[] = [];
  await sliced(
    runs,
    (text, run) =>
      chosen.push(
        ...choose([text], compiled, limits, sites, linked).map((mention) => ({ ...mention, run })),
      ),
    signal,
  );
  for (const { run, start, end, entry } of chosen) {
    const node = nodes[run];
    const text = node.data;
    void outOfView(node.parentElement!, signal).then(() => {
      // Only the text it was chosen in: a page may have changed it meanwhile.
      if (!signal?.aborted && node.isConnected && node.data == text)
        linkText(node, start, end, entry.url);
    });
  }
  return chosen.length;
}
