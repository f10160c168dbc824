/**
 * The auto-linking CDN entry (dist/cdn/pubnet-autolink.min.js): one classic
 * script with no Lit, options on its script tag (embed-contract
 * "Auto-linking"). With the widgets' file on the same page, both use one
 * request core, one response cache and one detect cache (src/page/page.ts).
 */
import { startAutolink } from './autolink-start.js';

// `document.currentScript` is only set while this classic script runs.
startAutolink(document.currentScript, '__PUBNET_VERSION__');
