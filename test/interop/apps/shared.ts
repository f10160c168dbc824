// What the four interop apps share: the state they start from (the test puts
// it on `window.__interop` before any script runs), the recorder their event
// listeners call, and the hooks the test drives them with (`window.app`).
// Each app imports the package as a consumer does: `import 'pubnet-widgets'`.
import { configure } from 'pubnet-widgets';

/** The app's state: every attribute it binds, by the property it sets. */
export interface Attrs {
  query: string;
  brand: string;
  category: string;
  offer: string;
  minPrice: number;
  maxPrice: number;
  sale: boolean;
  ordering: string;
  limit: number;
  columns: number;
  layout: string;
  websiteKey: string;
  sid: string;
  api: string;
  target: string;
  disclosure: string;
  cta: string;
  eager: boolean;
  /** `<pubnet-adslot adslot>`. */
  adslot: string;
  /** `<pubnet-offer-link offer>` (a known offer) and its `deep-link`. */
  linkOffer: string;
  deepLink: string;
  /** The offer of a second `<pubnet-offer-link>`, which the API does not know. */
  brokenOffer: string;
}

/** One widget event as the app's listener saw it. */
export interface Recorded {
  type: string;
  /** The `id` of the element the listener was on. */
  id: string;
  /** `count` (load), the error's text (error), `href` (click), the item's id (impression). */
  detail: unknown;
}

/** What the test calls. */
export interface AppHooks {
  set(patch: Partial<Attrs>): void;
  unmount(): void;
}

declare global {
  interface Window {
    __interop: { attrs: Attrs; token: string };
    __events: Recorded[];
    app?: AppHooks;
  }
}

/** The state to start from; the API token (the emulator wants one) goes to `configure()`. */
export function start(): Attrs {
  configure({ token: window.__interop.token });
  window.__events = [];
  return { ...window.__interop.attrs };
}

/** The one listener of every `pubnet-*` event of every element. */
export function record(event: Event): void {
  const detail = (event as CustomEvent).detail;
  window.__events.push({
    type: event.type,
    id: (event.currentTarget as Element).id,
    detail:
      event.type === 'pubnet-load'
        ? detail.count
        : event.type === 'pubnet-error'
          ? String(detail.error)
          : event.type === 'pubnet-click'
            ? detail.href
            : (detail.product?.id ?? detail.offer),
  });
}
