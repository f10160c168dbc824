/** Product prices: `"PLN 19.22"` (api-contract §6). */

/** A parsed price, ready for `Intl.NumberFormat` with `style: 'currency'`. */
export interface Price {
  currency: string;
  amount: number;
}

/**
 * `"PLN 19.22"` → `{ currency: 'PLN', amount: 19.22 }`; any other form (or a
 * non-string) → `null`, so the caller shows the raw string instead.
 */
export function parsePrice(value: unknown): Price | null {
  const match = typeof value == 'string' && /^([A-Z]{3}) (-?\d+(\.\d+)?)$/.exec(value);
  return match ? { currency: match[1], amount: +match[2] } : null;
}

/**
 * A price for display: formatted with `Intl.NumberFormat(locale)` when it
 * parses, else the raw string (`''` for null/undefined).
 */
export function formatPrice(value: string | null | undefined, locale?: string): string {
  const price = parsePrice(value);
  try {
    if (price)
      return new Intl.NumberFormat(locale, { style: 'currency', currency: price.currency }).format(
        price.amount,
      );
  } catch {
    // unknown currency or locale: fall through to the raw string
  }
  return value ?? '';
}
