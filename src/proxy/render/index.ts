// Only what the proxy needs before a render: engine.ts (Lit SSR) is loaded by routes.ts.
export * from './routes.js';
export * from './answer.js';
export * from './paths.js';
