// `npm start`: the demo as a publisher would run it. The page talks to the
// proxy mounted under /pubnet-api/ of its own origin; only the proxy holds the
// API token and talks to the emulator. Run after the build (npm's prestart builds).
import { fileURLToPath } from 'node:url';
import { startEmulator, known } from '../dist/emulator/index.js';
import { createProxy } from '../dist/proxy/index.js';
import { serve } from '../dist/node/serve.js';
import { createDemoHandler } from './demo-server.mjs';

const host = process.env.HOST ?? '127.0.0.1';
const dir = (path) => fileURLToPath(new URL(path, import.meta.url));
const PROXY_PATH = '/pubnet-api/';

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

let proxy;
let pages;
const demo = await listen(
  (port) =>
    serve(
      (request, info) =>
        new URL(request.url).pathname.startsWith(PROXY_PATH)
          ? proxy(request, info)
          : pages(request),
      { host, port },
    ),
  Number(process.env.PORT ?? 8000),
);
const api = new URL(PROXY_PATH, demo.url).href;
proxy = createProxy({
  token: emulator.emulator.token,
  upstream: emulator.url,
  basePath: PROXY_PATH,
  websites: [known.website.guid],
  rateLimit: false,
});
pages = createDemoHandler({
  root: dir('../demo/'),
  cdn: dir('../dist/cdn/'),
  values: { api, key: known.website.guid, emulator: emulator.url },
});

console.log(`Demo: ${demo.url}`);
console.log(`Proxy (what pages call): ${api}`);
console.log(`Emulator (API, token only in the proxy): ${emulator.url}`);
console.log('Press Ctrl+C to stop.');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await Promise.all([demo.close(), emulator.close()]);
    process.exit(0);
  });
}
