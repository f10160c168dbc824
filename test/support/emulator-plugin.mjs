// web-test-runner plugin: server commands that give each browser test its own
// emulator over real HTTP on 127.0.0.1, with its own latency and faults.
// The emulator's TypeScript source is loaded through tsx, so no build is needed.
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

export function emulatorPlugin() {
  /** @type {Map<string, { emulator: any, close: () => Promise<void> }>} */
  const running = new Map();

  const commands = {
    async 'emulator-start'(payload = {}) {
      const { startEmulator } = await loadEmulator();
      const started = await startEmulator({ host: '127.0.0.1', port: 0, ...payload });
      running.set(started.url, started);
      return { url: started.url, token: started.emulator.token };
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
      return true;
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
    // Compiling the emulator takes seconds on a busy machine: do it while the
    // test server starts, not inside the first test's hook.
    async serverStart() {
      await loadEmulator();
    },
    async serverStop() {
      await Promise.all([...running.values()].map((started) => started.close()));
      running.clear();
    },
  };
}
