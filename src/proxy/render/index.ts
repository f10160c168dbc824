export * from './routes.js';
export * from './answer.js';
export * from './query.js';
export * from './styles.js';
