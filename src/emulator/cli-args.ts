/** Parsing the flags of the `pubnet-emulator` CLI; errors name the flag. */
import { parseFaultSpec } from './faults.js';
import type { Fault } from './types.js';

export interface CliOptions {
  port: number;
  host: string;
  latency: number;
  token: string;
  faults: Fault[];
  help: boolean;
}

export const USAGE = `Usage: pubnet-emulator [flags]

An offline emulator of the publisher affiliate-network API.
Prints the API base URL on its first line and the token on the second.

Flags:
  --port N           port to listen on (default 8787; 0 = any free port)
  --host H           interface to bind (default 127.0.0.1)
  --latency MS       delay before every answer, in milliseconds (default 0)
  --token T          API token to accept (default dev-token)
  --fault SPEC       inject a fault; repeatable. SPEC is
                     '[METHOD ]PATTERN=KIND[,times=N][,retry-after=S]'
                     KIND: a status number, hang, malformed or html
                     e.g. --fault 'POST /publisher/products/*=500'
                          --fault '/publisher/offers/*=429,retry-after=2,times=1'
  --help             show this help
`;

export class CliError extends Error {}

function integer(flag: string, raw: string, min: number, max: number): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) {
    throw new CliError(`${flag} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

export function parseCliArgs(argv: readonly string[]): CliOptions {
  const opts: CliOptions = {
    port: 8787,
    host: '127.0.0.1',
    latency: 0,
    token: 'dev-token',
    faults: [],
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    // Both "--port 1" and "--port=1".
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string => {
      const v = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (v === undefined || (eq < 0 && v.startsWith('--')))
        throw new CliError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--help':
      case '-h':
        opts.help = true;
        break;
      case '--port':
        opts.port = integer('--port', value(), 0, 65535);
        break;
      case '--host':
        opts.host = value();
        break;
      case '--latency':
        opts.latency = integer('--latency', value(), 0, 600_000);
        break;
      case '--token': {
        const t = value();
        if (!/^\S+$/.test(t))
          throw new CliError('--token must be a non-empty string without spaces');
        opts.token = t;
        break;
      }
      case '--fault': {
        const spec = value();
        try {
          opts.faults.push(parseFaultSpec(spec));
        } catch (e) {
          throw new CliError(`--fault ${(e as Error).message}`);
        }
        break;
      }
      default:
        throw new CliError(`unknown flag ${flag} (see --help)`);
    }
  }
  return opts;
}
