export * from './routes/index.js';
