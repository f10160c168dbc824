export * from './allow-list.js';
export * from './prepare.js';
export * from './validate-body.js';
export * from './scrub.js';
export * from './link-hosts.js';
