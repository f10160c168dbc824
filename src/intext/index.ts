/**
 * `pubnet-widgets/intext`: in-text links. `linkMentions` on a server or at the edge: the
 * mentions of the network's merchants in an HTML string linked from a proxy's lexicon
 * (api-contract §15); `linkInText` in a page, with the same result for the same HTML.
 */
export { linkMentions, type LinkMentionsOptions } from './link-mentions.js';
export { readLexicon, LEXICON_LIMITS, type Lexicon, type LexiconEntry } from './lexicon.js';
export { linkInText, type InTextOptions } from './in-page.js';
