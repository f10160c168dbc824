// web-test-runner plugin: server commands that give each browser test its own
// emulator over real HTTP on 127.0.0.1, with its own latency and faults, and,
// when a test asks, the shipped proxy in front of it (as a publisher runs it).
// The TypeScript sources are loaded through tsx, so no build is needed.
import { register } from 'tsx/esm/api';

let loaded;
/** Loaded once, when the test server starts. */
function loadEmulator() {
  if (!loaded) {
    register();
    loaded = import('../../src/emulator/index.ts');
  }
  return loaded;
}

/** The proxy and the Node adapter. */
async function loadProxy() {
  await loadEmulator();
  const [{ createProxy }, { serve }] = await Promise.all([
    import('../../src/proxy/index.ts'),
    import('../../src/node-adapter/serve.ts'),
  ]);
  return { createProxy, serve };
}

/** The server renderer (Lit SSR). */
async function loadRender() {
  await loadEmulator();
  return import('../../src/render/index.ts');
}

export function emulatorPlugin() {
  /** @type {Map<string, { emulator: any, close: () => Promise<void> }>} */
  const running = new Map();
  /** @type {Map<string, { log: object[], close: () => Promise<void> }>} */
  const proxies = new Map();

  const commands = {
    async 'emulator-start'(payload = {}) {
      const { startEmulator } = await loadEmulator();
      /** Tests waiting for requests (see 'emulator-received'), told of each one logged. */
      const waiting = new Set();
      const started = await startEmulator({
        host: '127.0.0.1',
        port: 0,
        ...payload,
        onRequest: () => waiting.forEach((check) => check()),
      });
      running.set(started.url, { ...started, waiting });
      return { url: started.url, token: started.emulator.token };
    },
    /**
     * Resolves once the emulator has logged `count` requests of `method` whose path starts
     * with `path`: on the log itself, so also for a request that never gets an answer.
     */
    async 'emulator-received'({ url, method, path, count }) {
      const { emulator, waiting } = get(url);
      const enough = () =>
        emulator.requests.filter((r) => r.method == method && r.path.startsWith(path)).length >=
        count;
      if (enough()) return true;
      return new Promise((resolve) => {
        const check = () => enough() && (waiting.delete(check), resolve(true));
        waiting.add(check);
      });
    },
    async 'emulator-requests'({ url }) {
      return get(url).emulator.requests;
    },
    async 'emulator-clear-requests'({ url }) {
      get(url).emulator.clearRequests();
      return true;
    },
    async 'emulator-faults'({ url, faults }) {
      get(url).emulator.setFaults(faults);
      return true;
    },
    async 'emulator-latency'({ url, latency }) {
      get(url).emulator.setLatency(latency);
      return true;
    },
    async 'emulator-stop'({ url }) {
      const started = running.get(url);
      running.delete(url);
      await started?.close();
      for (const [proxyUrl, proxy] of proxies)
        if (proxy.upstream == url) {
          proxies.delete(proxyUrl);
          await proxy.close();
        }
      return true;
    },
    /** The shipped proxy in front of the emulator at `upstream`, holding its token. */
    async 'proxy-start'({ upstream, options = {} }) {
      const { createProxy, serve } = await loadProxy();
      const { known } = await loadEmulator();
      const log = [];
      const handler = createProxy({
        token: get(upstream).emulator.token,
        upstream,
        // The seed's two active websites: a proxy forwards routes that name a website for
        // configured ones only (api-contract §13).
        websites: [known.website.guid, known.websites.secondActive.guid],
        allowOrigins: '*',
        rateLimit: false,
        onLog: (entry) => log.push(entry),
        ...options,
      });
      const served = await serve(handler, { host: '127.0.0.1', port: 0 });
      const url = served.url.endsWith('/') ? served.url : `${served.url}/`;
      proxies.set(url, { upstream, log, close: () => served.close() });
      return { url };
    },
    /**
     * An element rendered on the server (src/render) from `api`:
     * `{ element: 'adslot', options }` or `{ element: 'product-grid', attributes, options }`.
     */
    async render({ element, attributes, options }) {
      const { renderAdslot, renderProductGrid } = await loadRender();
      const rendered =
        element == 'adslot'
          ? await renderAdslot(options)
          : await renderProductGrid(attributes, options);
      const { tag, state, reason, html } = rendered;
      return { tag, state, reason, html };
    },
    /** What the proxy answered so far: method, path, status, cache state. */
    async 'proxy-log'({ url }) {
      return proxies.get(url)?.log ?? [];
    },
  };

  function get(url) {
    const started = running.get(url);
    if (!started) throw new Error(`No emulator is running at ${url}`);
    return started;
  }

  return {
    name: 'pubnet-emulator',
    async executeCommand({ command, payload }) {
      const run = commands[command];
      return run ? run(payload) : undefined;
    },
    // Compiling the emulator, the proxy and the renderer (Lit SSR) takes seconds on a busy
    // machine (the renderer's first load over 10 s beside two busy lanes): all of it while
    // the test server starts, not inside the first test that asks, under its timeout.
    async serverStart() {
      await Promise.all([loadProxy(), loadRender()]);
    },
    async serverStop() {
      await Promise.all([...proxies.values()].map((proxy) => proxy.close()));
      proxies.clear();
      await Promise.all([...running.values()].map((started) => started.close()));
      running.clear();
    },
  };
}
