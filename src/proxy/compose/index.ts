export * from './adslot.js';
