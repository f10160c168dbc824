// `npm start`: the emulator of the publisher API and the demo pages on localhost.
// Run after the build (npm's prestart builds).
import { fileURLToPath } from 'node:url';
import { startEmulator, known } from '../dist/emulator/index.js';
import { serve } from '../dist/node/serve.js';
import { createDemoHandler } from './demo-server.mjs';

const host = process.env.HOST ?? '127.0.0.1';
const dir = (path) => fileURLToPath(new URL(path, import.meta.url));

/** The preferred port, or any free one when it is taken. */
async function listen(start, port) {
  try {
    return await start(port);
  } catch (error) {
    if (error?.code !== 'EADDRINUSE') throw error;
    return start(0);
  }
}

const emulator = await listen(
  (port) => startEmulator({ host, port, latency: Number(process.env.LATENCY ?? 150) }),
  Number(process.env.EMULATOR_PORT ?? 8787),
);
const handler = createDemoHandler({
  root: dir('../demo/'),
  cdn: dir('../dist/cdn/'),
  values: { api: emulator.url, key: known.website.guid },
});
const demo = await listen((port) => serve(handler, { host, port }), Number(process.env.PORT ?? 8000));

console.log(`Demo: ${demo.url}`);
console.log(`Emulator (API): ${emulator.url}`);
console.log('Press Ctrl+C to stop.');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await Promise.all([demo.close(), emulator.close()]);
    process.exit(0);
  });
}
