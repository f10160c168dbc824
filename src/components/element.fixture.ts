/**
 * What the elements' contract suite (test/components/contract/) needs to know of one
 * element: the type of the default export of its `<name>/<name>.fixture.ts`, beside the
 * element, so that an element's folder needs nothing from test/. Test code, as the fixtures
 * are: no build holds it (tsconfig.json and custom-elements-manifest.config.mjs leave
 * `*.fixture.ts` out; tsconfig.test.json checks it).
 */

/** One way of putting the element on a page. */
export interface Placement {
  /**
   * Its attributes. The suite adds `api` (the test's emulator), `eager`, and `key` (the
   * seed's active website) unless given here.
   */
  readonly attributes: Readonly<Record<string, string>>;
  /** Its light-DOM children, as HTML (the publisher's, e.g. the anchor an offer link wraps). */
  readonly children?: string;
}

/** An attribute's values: one it takes, and, unless it takes any text, one it ignores. */
export interface AttributeValues {
  readonly valid: string;
  readonly invalid?: string;
}

/** What the contract suite needs to know of one element (see the module's comment). */
export interface ElementFixture {
  /**
   * Loads from the emulator's seed and shows items with links: the rendered-widget
   * guarantees are checked on it; `count` is its `pubnet-load`'s, `images` how many
   * images it shows.
   */
  readonly loads: Placement & { readonly count: number; readonly images: number };
  /** Loads, and the API has nothing for it (an empty search, a closed offer). */
  readonly findsNothing: Placement;
  /**
   * Loads the seed's hostile feed data (markup in text, `javascript:` and `data:` URLs),
   * when the element shows text of the API's; `texts`: strings of that data, markup
   * included, that it shows as text.
   */
  readonly hostile?: Placement & { readonly texts: readonly string[] };
  /**
   * The API request `loads` begins with (the one a fault meets: nothing follows a failed
   * one): its method, the start of its path, and whether the client retries it when it
   * may (api-contract: reads and tracking links are, the product search is not).
   */
  readonly request: {
    readonly method: 'GET' | 'POST' | 'PUT';
    readonly path: string;
    readonly retried: boolean;
  };
  /**
   * What it shows when loading fails or finds nothing: `fallback`, its `slot="fallback"`
   * child, or with none nothing at all (`collapsed`, `display: none`); `content`, what it
   * wraps, as it was (state `error`: an offer link keeps the publisher's link).
   */
  readonly failure: 'fallback' | 'content';
  /**
   * Each attribute of its own (not those it shares with other elements, whose values are
   * COMMON_ATTRIBUTES), by name. The suite checks that none is missing.
   */
  readonly attributes: Readonly<Record<string, AttributeValues>>;
}
