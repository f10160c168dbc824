/**
 * Rewriting one link to its tracking link: the original URL is kept in
 * `data-pubnet-href`, `rel` gains `sponsored` (and `noopener` when the link
 * opens a new window), and the optional disclosure label follows the link.
 */
import { langOf, wordsFor } from '../page/lang.js';

/** The attribute that keeps a rewritten link's original URL. */
export const ORIGINAL_HREF = 'data-pubnet-href';

/** Whether `target` opens another window than the page's own frames. */
const opensNewWindow = (target: string) =>
  !!target && !['_self', '_parent', '_top'].includes(target.toLowerCase());

/** Whether `link` has been rewritten. */
export const isRewritten = (link: HTMLAnchorElement): boolean => link.hasAttribute(ORIGINAL_HREF);

/**
 * Points `link` at `trackingLink` (an http(s) URL already checked), once; a
 * `disclosure` label (text only) is put after it: that text, or with `true`
 * the word of the link's own language (its nearest `lang`, with the page's
 * `configure({ messages })`), so an English block in a Polish article says
 * `Ad` and the article `Reklama`.
 */
export function rewrite(
  link: HTMLAnchorElement,
  trackingLink: string,
  disclosure?: string | true,
): void {
  if (isRewritten(link)) return;
  link.setAttribute(ORIGINAL_HREF, link.getAttribute('href')!);
  link.href = trackingLink;
  link.relList.add('sponsored');
  if (opensNewWindow(link.target)) link.relList.add('noopener');
  const text = disclosure === true ? wordsFor(langOf(link)).disclosure : disclosure;
  if (text) {
    const label = document.createElement('small');
    label.className = 'pubnet-disclosure';
    label.setAttribute('data-pubnet', 'off');
    label.textContent = text;
    link.after(' ', label);
  }
}
