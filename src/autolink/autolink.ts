/**
 * Auto-linking (embed-contract "Auto-linking"): the plain links to merchants
 * in `root` become their tracking links, with the reader's consent, doing
 * only what is useful when it is useful:
 * - the links are found when the page is idle, and again for what is added
 *   later (a `MutationObserver`);
 * - a link's host is detected (`offers/detect`, once per page per host) when
 *   the link nears the viewport or the reader shows intent;
 * - the tracking link is asked for on intent (pointer down, touch, focus,
 *   hover), through the widgets' request core, so a link the widgets asked
 *   for is not asked for again;
 * - a plain click before it is known is held at most 1 s, as
 *   `<pubnet-offer-link>` holds it; a modified or middle click never is.
 * Nothing is asked for or rewritten until `consent.allowed()` is true.
 */
import { coreFor, trackingLink } from '../page/api.js';
import { nearViewport } from '../page/near-viewport.js';
import { detectOffer, hasNoOffer } from './detect.js';
import { holdClick, isModified } from './hold.js';
import { whenIdle, type TimeLeft } from './idle.js';
import { resolveOptions, type AutolinkOptions } from './options.js';
import { isRewritten, rewrite } from './rewrite.js';
import { anchorsIn, qualifies, type ScanRules } from './scan.js';

/** What says the reader is about to follow a link (listened for in the capture phase). */
const INTENT = ['pointerdown', 'touchstart', 'focus', 'mouseenter'];

const ignore = () => {};

/**
 * Rewrites the qualifying links in `root` (see the file's comment) until the
 * returned `stop()` is called, which removes every observer and listener and
 * abandons the requests in flight.
 * @throws TypeError naming the option when an option is invalid.
 */
export function autolink(root: ParentNode, options: AutolinkOptions): () => void {
  const { api, key, sid, scope, exclude, disclosure, consent } = resolveOptions(options);
  const core = coreFor(api);
  const stopping = new AbortController();
  const signal = stopping.signal;
  // The API's own host, and the host of every tracking link seen: the click host.
  const rules: ScanRules = { scope, exclude, clickHosts: new Set([new URL(api).host]) };
  /** Each link's tracking link, asked for or known. */
  const links = new WeakMap<HTMLAnchorElement, Promise<string | undefined>>();
  /** Links whose host has no offer, or no usable tracking link: never held. */
  const untouched = new WeakSet<HTMLAnchorElement>();
  /** Nodes whose links are still to be found (the root, then what is added). */
  const queue: Node[] = [];
  /** Links found in the queued nodes, still to be judged. */
  const anchors: HTMLAnchorElement[] = [];
  let allowed = consent.allowed() === true;
  let started = false;
  let cancelIdle = ignore;

  const candidate = (link: HTMLAnchorElement) =>
    allowed && !signal.aborted && !isRewritten(link) && qualifies(link, root, rules);

  /** The tracking link of `link`, asked for once (again after a failure), and `link` rewritten. */
  function known(link: HTMLAnchorElement): Promise<string | undefined> {
    let href = links.get(link);
    if (!href) {
      const deepLink = link.href;
      links.set(
        link,
        (href = (async () => {
          const offer = await detectOffer(core, link.hostname, signal);
          // Consent withdrawn meanwhile: no more requests (asked again on the next intent).
          if (!allowed) throw new Error('pubnet-widgets: no consent');
          const tracking =
            offer && (await trackingLink({ core, key, sid, signal }, offer, false, deepLink));
          if (!tracking) untouched.add(link);
          else if (allowed && !signal.aborted) {
            rules.clickHosts.add(new URL(tracking).host);
            rewrite(link, tracking, disclosure);
          }
          return tracking;
        })()),
      );
      href.catch(() => links.get(link) == href && links.delete(link));
    }
    return href;
  }

  /** The qualifying link an event is about, if any. */
  const linkOf = (event: Event) => {
    const target = event.target;
    const link = target instanceof Element ? target.closest('a[href]') : null;
    return link instanceof HTMLAnchorElement && candidate(link) ? link : null;
  };

  const onIntent = (event: Event) => {
    const link = linkOf(event);
    if (link) known(link).catch(ignore);
  };

  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || isModified(event)) return;
    const link = linkOf(event);
    if (!link || untouched.has(link) || hasNoOffer(core, link.hostname)) return;
    event.preventDefault();
    holdClick(link, known(link));
  };

  /**
   * Looks at the queued links (the queued nodes' links first found) while the
   * page is idle, then waits for the next idle moment: a long article costs
   * no long task.
   */
  function scan(timeLeft: TimeLeft) {
    cancelIdle = ignore;
    let node: Node | undefined;
    while (timeLeft() >= 1 && (anchors.length || (node = queue.shift()))) {
      if (node) anchors.push(...anchorsIn(node));
      node = undefined;
      for (const link of anchors.splice(0, 50))
        if (candidate(link))
          nearViewport(link, signal).then(
            // Judged again: meanwhile an intent may have rewritten it to the click host.
            () => void (candidate(link) && detectOffer(core, link.hostname, signal).catch(ignore)),
            ignore,
          );
    }
    if (queue.length || anchors.length) cancelIdle = whenIdle(scan);
  }

  const later = (nodes: Iterable<Node>) => {
    queue.push(...nodes);
    if (cancelIdle == ignore) cancelIdle = whenIdle(scan);
  };

  const mutations = new MutationObserver((records) => {
    for (const record of records) later(record.addedNodes);
  });

  function start() {
    if (started || signal.aborted) return;
    started = true;
    const target = root as unknown as EventTarget;
    for (const type of INTENT)
      target.addEventListener(type, onIntent, { capture: true, passive: true, signal });
    target.addEventListener('click', onClick as EventListener, { signal });
    mutations.observe(root as Node, { childList: true, subtree: true });
    later([root as Node]);
  }

  const unsubscribe = consent.subscribe((now) => {
    allowed = now === true;
    if (allowed) start();
  });
  if (allowed) start();

  return () => {
    stopping.abort();
    cancelIdle();
    mutations.disconnect();
    unsubscribe();
  };
}
