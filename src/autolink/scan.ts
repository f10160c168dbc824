/**
 * Which links auto-linking may rewrite (embed-contract "Auto-linking"): an
 * `<a href>` to an http(s) URL on another host, inside the scope, and none
 * of the opt-outs.
 */

/** What a link is judged against. */
export interface ScanRules {
  /** CSS selectors of the scope; none: all of the root. */
  scope?: string;
  /** CSS selectors of excluded links or ancestors. */
  exclude?: string;
  /** Hosts whose links are already the network's clicks (the click host). */
  clickHosts: Set<string>;
}

/** The `<a href>` links in `node`, itself included (to be judged by `qualifies`). */
export function anchorsIn(node: Node): HTMLAnchorElement[] {
  if (!('querySelectorAll' in node)) return [];
  const links = [...(node as ParentNode).querySelectorAll('a[href]')] as HTMLAnchorElement[];
  if (node instanceof HTMLAnchorElement && node.hasAttribute('href')) links.unshift(node);
  return links;
}

/** Whether `link` (inside `root`) may be rewritten. */
export function qualifies(link: HTMLAnchorElement, root: ParentNode, rules: ScanRules): boolean {
  if (!/^https?:$/.test(link.protocol)) return false;
  const host = link.hostname.toLowerCase();
  if (host == location.hostname.toLowerCase() || rules.clickHosts.has(link.host.toLowerCase()))
    return false;
  // Opt-outs on the link or any ancestor (`data-pubnet="off"`, `exclude`, a widget).
  for (let element: Element | null = link; element; element = element.parentElement) {
    if (element.getAttribute('data-pubnet') == 'off') return false;
    if (element.localName.startsWith('pubnet-')) return false;
    if (rules.exclude && element.matches(rules.exclude)) return false;
  }
  return inScope(link, root, rules.scope);
}

/** Whether `link` is inside `root` and, with `scope`, inside one of its matches. */
const inScope = (link: Element, root: ParentNode, scope?: string): boolean =>
  (root as Node).contains(link) && (!scope || !!link.closest(scope));
