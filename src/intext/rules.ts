/**
 * Where in a page mentions are never linked, and where its paragraphs end: the rules the
 * browser's walk and the server's (`linkMentions`) share (embed-contract "In-text links").
 */

/** Elements whose text is never linked (and `pubnet-*`, `[contenteditable]`, `[data-pubnet=off]`). */
export const NEVER = new Set(
  'a button h1 h2 h3 h4 h5 h6 code pre kbd samp select label figcaption svg math'.split(' '),
);

/** Elements whose content is no text of the page (it is neither read nor counted). */
export const SKIPPED = new Set(
  'script style textarea title template noscript iframe xmp noembed noframes'.split(' '),
);

/** Elements that end a paragraph where they start and where they end. */
export const BLOCKS = new Set(
  (
    'address article aside blockquote caption dd details dialog div dl dt fieldset figcaption ' +
    'figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li main nav ol p pre section summary ' +
    'table tbody td tfoot th thead tr ul'
  ).split(' '),
);

/**
 * Whether an element (`name`, lowercase, and how it reads an attribute) closes its content
 * to links, but for the publisher's own `exclude`, which each walk matches its own way.
 */
export const closes = (name: string, attribute: (name: string) => string | null) =>
  NEVER.has(name) ||
  name.startsWith('pubnet-') ||
  attribute('data-pubnet') == 'off' ||
  (attribute('contenteditable') ?? 'false').toLowerCase() != 'false';
