/**
 * The CDN entry: one classic script a publisher pastes (embed-contract
 * "Loading"). Registering the elements is guarded, so a second copy or another
 * version of this bundle on the page keeps the first one's elements.
 */
import '../components/define.js';
import { start } from './start.js';

// `document.currentScript` is only set while this classic script runs, with or
// without `async`/`defer`, so it is read here and nowhere later.
start(document.currentScript, '__PUBNET_VERSION__');
