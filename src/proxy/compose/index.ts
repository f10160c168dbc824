export * from './adslot.js';
export * from './link-site.js';
