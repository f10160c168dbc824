export type { Emulator, EmulatorOptions, Fault, RequestLogEntry } from './types.js';
export { createEmulator } from './emulator.js';
export { startEmulator } from './start.js';
export { known } from './known.js';
