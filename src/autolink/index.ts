/** `pubnet-widgets/autolink`: plain merchant links in a page become tracking links. */
export { autolink } from './autolink.js';
export type { AutolinkOptions, ConsentGate } from './options.js';
export { ORIGINAL_HREF } from './rewrite.js';
export { createConsent, type ConsentOptions } from './consent.js';
