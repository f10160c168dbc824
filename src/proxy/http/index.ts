export * from './respond.js';
export * from './cors.js';
export * from './etag.js';
export * from './body.js';
export * from './client-ip.js';
export * from './represent.js';
export * from './host.js';
export * from './answer.js';
