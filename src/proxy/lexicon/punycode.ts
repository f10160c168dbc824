/**
 * A host name as people write it: `xn--swka-qqa.pl` → `sówka.pl` (RFC 3492 decoding, RFC 5891
 * labels). A URL's host is always punycode; a text mentions the shop as the letters it sees,
 * so the lexicon names an offer by the Unicode form. Web platform only (not Node's url
 * module): the same code runs on Node, Workers, Deno and Bun.
 */
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  for (; d > ((BASE - T_MIN) * T_MAX) >> 1; k += BASE) d = Math.floor(d / (BASE - T_MIN));
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

/** A punycode digit's value (`a`–`z` 0–25, `0`–`9` 26–35), else {@link BASE}. */
function digit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22;
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return BASE;
}

/** One label's Unicode from its punycode (without `xn--`), or `undefined` when it is none. */
function decodeLabel(input: string): string | undefined {
  const basic = Math.max(input.lastIndexOf('-'), 0);
  const output: number[] = [];
  for (let j = 0; j < basic; j += 1) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return undefined;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = basic > 0 ? basic + 1 : 0; index < input.length;) {
    const old = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (index >= input.length) return undefined;
      const value = digit(input.charCodeAt(index++));
      if (value >= BASE) return undefined;
      i += value * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (value < t) break;
      w *= BASE - t;
      // Past any code point: garbage, not a label.
      if (i > 0x10ffff * 64) return undefined;
    }
    const length = output.length + 1;
    bias = adapt(i - old, length, old === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return undefined;
    output.splice(i, 0, n);
    i += 1;
  }
  const label = String.fromCodePoint(...output);
  // A real label has a letter beyond ASCII (else it would not be encoded), and no control.
  return /[^\0-\x7f]/.test(label) && !/[\p{Cc}\p{Cs}]/u.test(label) ? label : undefined;
}

/** `host` with each `xn--` label in Unicode; a label that does not decode stays as it is. */
export function unicodeHost(host: string): string {
  if (!host.includes('xn--')) return host;
  return host
    .split('.')
    .map((label) =>
      label.toLowerCase().startsWith('xn--') ? (decodeLabel(label.slice(4)) ?? label) : label,
    )
    .join('.');
}
