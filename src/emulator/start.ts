/** startEmulator: createEmulator served over real HTTP by the Node adapter. */
import { serve } from '../node-adapter/serve.js';
import { createEmulator } from './emulator.js';
import type { Emulator, EmulatorOptions } from './types.js';

export async function startEmulator(
  options: EmulatorOptions & { port?: number; host?: string } = {},
): Promise<{ url: string; emulator: Emulator; close(): Promise<void> }> {
  const { port = 0, host = '127.0.0.1', ...emulatorOptions } = options;
  const emulator = createEmulator(emulatorOptions);
  const server = await serve((req) => emulator.fetch(req), { port, host });
  return { url: server.url, emulator, close: () => server.close() };
}
