/**
 * Where in a page mentions are never linked, and where its paragraphs end: the rules the
 * browser's walk and the server's (`linkMentions`) share (embed-contract "In-text links").
 */

/** Elements whose text is never linked (and `pubnet-*`, `[contenteditable]`, `[data-pubnet=off]`). */
export const NEVER = /^(?:a|button|h[1-6]|code|pre|kbd|samp|select|label|figcaption|svg|math)$/;

/** Elements whose content is no text of the page (it is neither read nor counted). */
export const SKIPPED =
  /^(?:script|style|textarea|title|template|noscript|iframe|xmp|noembed|noframes)$/;

/** Elements that end a paragraph where they start and where they end. */
export const BLOCKS =
  /^(?:address|article|aside|blockquote|caption|d[dlt]|details|dialog|div|fieldset|figcaption|figure|footer|form|h[1-6r]|header|hgroup|li|main|nav|ol|p|pre|section|summary|table|tbody|t[dhr]|tfoot|thead|ul)$/;

/**
 * Whether an element (`name`, lowercase, and how it reads an attribute) closes its content
 * to links, but for the publisher's own `exclude`, which each walk matches its own way.
 */
export const closes = (name: string, attribute: (name: string) => string | null) =>
  NEVER.test(name) ||
  name.startsWith('pubnet-') ||
  attribute('data-pubnet') == 'off' ||
  (attribute('contenteditable') ?? 'false').toLowerCase() != 'false';
