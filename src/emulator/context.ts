/** What every route handler gets, and the handler type the route table maps to. */
import type { State } from './state.js';

export interface Ctx {
  readonly state: State;
  /** The request URL: the base of absolute `next`/`previous` links. */
  readonly url: URL;
  /** The emulator's own origin: also the tracking domain of click URLs. */
  readonly origin: string;
  /** Path parameters, already decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** The parsed JSON body, or undefined when there was none. */
  readonly body: unknown;
  readonly req: Request;
  readonly bundleUrl: string;
}

export type Handler = (ctx: Ctx) => Response | Promise<Response>;

/** A path parameter that the route's path guarantees. */
export function param(ctx: Ctx, name: string): string {
  return ctx.params[name] ?? '';
}

/** One handler per key of an area's route table (no more, no fewer). */
export type HandlersFor<Routes> = Record<keyof Routes & string, Handler>;
