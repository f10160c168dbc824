/**
 * The reads planned from a request's method and URL alone (route, checked
 * query, cache key): a URL asked for again is not parsed, routed and checked
 * again (proxy.ts). Bounded whatever visitors send (api-contract §13): at most
 * {@link PLANS_MAX} URLs of at most {@link PLANNED_URL_MAX} characters, all
 * forgotten when full, so what visitors send can only churn it.
 */
import type { AllowedRoute } from './policy/allow-list.js';
import type { Composition } from './policy/prepare.js';
import type { ReadRequest } from './read/read-path.js';

/** A read planned from a request's method and URL (and body, for a route that takes one). */
export interface Plan {
  route: AllowedRoute;
  read: ReadRequest;
  composition?: Composition;
  /** Its cache entry's key; none for a route never cached. */
  key?: string;
}

export const PLANS_MAX = 1024;
/** The longest URL whose plan is kept (so the plans hold at most about 1 MiB of URLs). */
export const PLANNED_URL_MAX = 1024;

export class Plans {
  readonly #plans = new Map<string, Plan>();

  /** What a plan of `request` is kept under: its URL for a GET, `method URL` else; '' for none. */
  static key(request: Request): string {
    // A widget's URL is short: a longer one is planned every time, never kept.
    if (request.url.length > PLANNED_URL_MAX) return '';
    return request.method === 'GET' ? request.url : `${request.method} ${request.url}`;
  }

  /** How many URLs it holds now, and at most. */
  get held(): { entries: number; maxEntries: number } {
    return { entries: this.#plans.size, maxEntries: PLANS_MAX };
  }

  get(key: string): Plan | undefined {
    return key ? this.#plans.get(key) : undefined;
  }

  /** Keeps `plan` under `key`, unless it read a body (a body is not in the key). */
  keep(key: string, plan: Plan): void {
    if (!key || plan.route.policy.body) return;
    if (this.#plans.size >= PLANS_MAX) this.#plans.clear();
    this.#plans.set(key, plan);
  }
}
