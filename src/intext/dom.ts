/**
 * The browser's walk of a page's text: its text nodes as runs (choose.ts), by the rules
 * the server's walk of an HTML string follows (rules.ts, html.ts), and a chosen mention
 * made a link in its text node.
 */
import type { Run } from './choose.js';
import { BLOCKS, closes, SKIPPED } from './rules.js';

/** What the walk found under some elements, in reading order. */
export interface Walked {
  runs: Run[];
  /** Each run's text node. */
  nodes: Text[];
  /** The `href`s of the links found, as written. */
  hrefs: string[];
}

/** The runs under each of `roots`; `exclude`: CSS selectors of elements never linked into. */
export function walkElements(roots: Iterable<Element>, exclude: string | undefined): Walked {
  const from: Walked = { runs: [], nodes: [], hrefs: [] };
  let paragraph = 0;
  const closing = (element: Element) =>
    closes(element.localName, (attribute) => element.getAttribute(attribute)) ||
    (!!exclude && element.matches(exclude));
  const visit = (parent: Node, closed: boolean) => {
    for (let node = parent.firstChild; node; node = node.nextSibling) {
      if (node instanceof Text) {
        from.runs.push({ text: node.data, open: !closed, paragraph });
        from.nodes.push(node);
      } else if (node instanceof Element) {
        const name = node.localName;
        if (SKIPPED.test(name)) continue;
        if (name == 'a' && node.hasAttribute('href')) from.hrefs.push(node.getAttribute('href')!);
        const block = BLOCKS.test(name);
        if (block) paragraph++;
        visit(node, closed || closing(node));
        if (block) paragraph++;
      }
    }
  };
  for (const root of roots) {
    // A scope is a paragraph of its own, closed when it is in a link, a heading…
    let closed = false;
    for (let above: Element | null = root; above; above = above.parentElement)
      closed ||= closing(above);
    paragraph++;
    visit(root, closed);
  }
  return from;
}

/** The `a` a text node's `start`…`end` becomes, linking to `url`. */
export function linkText(node: Text, start: number, end: number, url: string): HTMLAnchorElement {
  const link = node.ownerDocument.createElement('a');
  link.href = url;
  link.rel = 'sponsored noopener';
  node.splitText(end);
  const mention = node.splitText(start);
  mention.replaceWith(link);
  link.append(mention);
  return link;
}
