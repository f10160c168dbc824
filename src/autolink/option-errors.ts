// How auto-linking names a bad option in its errors, for its options and its consent gate
// alike (a leaf: options.ts and consent.ts both import it).

/** Throws the TypeError of a bad option (or call): `autolink: <label> must be <what>`. */
export const bad = (label: string, what: string): never => {
  throw new TypeError(`autolink: ${label} must be ${what}`);
};

/** How an option is named in an error: `option "sid"`, or `data-sid` for the CDN file. */
export type OptionLabel = (name: string) => string;

/** The default label, of `autolink()`'s and `createConsent()`'s options. */
export const optionLabel: OptionLabel = (name) => `option "${name}"`;
