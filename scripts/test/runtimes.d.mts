// Types of runtimes.mjs, for the TypeScript tests (test/proxy/runtimes.test.ts).
import type { ChildProcess } from 'node:child_process';

/** The scratch install that `prepare` lays out. */
export interface Scratch {
  scratch: string;
  /** The bundle of src/proxy/index.ts (dist/proxy/edge.js of the scratch install). */
  proxyJs: string;
  /** dist/vendor/tldts.js of the scratch install, which proxyJs imports. */
  tldtsJs: string;
  /** The file `pubnet-widgets/proxy` resolves to: the bundle, or its load-balancer wrapper. */
  entry: string;
  /** The bundle of src/proxy/cli.ts, with `node: true`. */
  cli: string | undefined;
  remove(): void;
}

export interface PrepareOptions {
  /** Of the scratch folder's name in the OS's temporary folder. */
  prefix?: string;
  /** `pubnet-widgets/proxy` adds `rateLimit: { ipHeader: 'x-client-ip' }`. */
  behindLoadBalancer?: boolean;
  /** Bundle Node's bin too (the `node` runtime needs it). */
  node?: boolean;
  /** Use the build's dist/proxy/edge.js and dist/vendor/tldts.js instead of bundling src/ now. */
  built?: boolean;
}

export function prepare(options?: PrepareOptions): Promise<Scratch>;

/** What a runtime needs to start one recipe. */
export interface Launch {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

export interface Runtime {
  name: 'node' | 'deno' | 'bun' | 'workerd';
  /** The header the deployment trusts for the client's address. */
  ipHeader: string;
  /** The runtime's own version line. */
  version(): string;
  /** Prepares the recipe's start on `port` with the given bindings. */
  launch(
    port: number,
    vars: Record<string, string>,
    s: Scratch,
    options?: Pick<StartOptions, 'cacheApi'>,
  ): Launch;
}

export const runtimes: Runtime[];

export interface StartOptions {
  /** The port to listen on (else a free one). */
  port?: number;
  /** Keep all the runtime prints for `output()` (else the first 2,000 characters a stream). */
  wholeOutput?: boolean;
  /**
   * workerd only: the `host:port` of an HTTP service that keeps what the Worker's `caches`
   * stores (its `cacheApiOutbound`); without it, plain workerd's `caches` keeps nothing.
   */
  cacheApi?: string;
}

export interface Started {
  child: ChildProcess;
  url: string;
  port: number;
  output(): string;
}

export function start(
  runtime: Runtime,
  vars: Record<string, string>,
  s: Scratch,
  options?: StartOptions,
): Promise<Started>;

export function stop(child: ChildProcess): Promise<void>;
export function stopAll(): Promise<void>;
export function killAll(): void;
export function memoryOf(pid: number | undefined): { rss: number; hwm: number } | undefined;

/** The scratch install that `prepareRender` lays out (examples/render/workers). */
export interface RenderScratch {
  scratch: string;
  /** src/render/index.ts bundled with Lit's Node build: `pubnet-widgets/render`. */
  renderJs: string;
  remove(): void;
}

export function prepareRender(options?: {
  prefix?: string;
  /** Use the build's dist/render/edge.js instead of bundling src/ now. */
  built?: boolean;
}): Promise<RenderScratch>;

/** Starts examples/render/workers in workerd, with `vars` over its wrangler.toml [vars]. */
export function startRenderWorker(
  vars: Record<string, string>,
  s: RenderScratch,
  options?: Omit<StartOptions, 'cacheApi'>,
): Promise<Started>;
