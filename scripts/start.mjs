// `npm start`: the demo as a publisher would run it. The pages talk to the
// proxy mounted under /pubnet-api/ of their own origin; only the proxy holds the
// API token and talks to the emulator. Run after the build (npm's prestart builds).
// The servers themselves are in scripts/demo/demo.mjs.
import { startDemo } from './demo/demo.mjs';

const demo = await startDemo({
  host: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 8000),
  emulatorPort: Number(process.env.EMULATOR_PORT ?? 8787),
  latency: Number(process.env.LATENCY ?? 150),
});

console.log(`Demo: ${demo.url}`);
console.log(`Proxy (what pages call): ${demo.api}`);
console.log(`Emulator (API, token only in the proxy): ${demo.emulator}`);
console.log(`Faulty proxy and emulator (demo/faults.html): ${demo.faultyApi}`);
console.log('Press Ctrl+C to stop.');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await demo.close();
    process.exit(0);
  });
}
