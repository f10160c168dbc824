/**
 * `pubnet-widgets/intext`: in-text links on a server or at the edge: mentions of the
 * network's merchants in an HTML string linked from a proxy's lexicon (api-contract §15),
 * with the same result as the browser's add-on for the same HTML.
 */
export { linkMentions, type LinkMentionsOptions } from './link-mentions.js';
export { readLexicon, LEXICON_LIMITS, type Lexicon, type LexiconEntry } from './lexicon.js';
