/**
 * The language a rendered element is written in. A server has no ancestors
 * to take it from, nor should it guess from `Accept-Language` (one URL, one
 * fragment, whoever asks): the caller gives it, and the element carries it
 * as its own `lang`, so that the take-over in the browser resolves the same
 * language and shows the same text.
 */

/** A BCP 47-like language tag: `pl`, `pl-PL`, `zh-Hant-TW`. */
const LANG_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;
/** Longer than any tag a page needs, short enough for a header and a cache key. */
const LANG_MAX = 35;

/** Whether `value` is a language tag a render takes. */
export const isLangTag = (value: unknown): value is string =>
  typeof value == 'string' && value.length <= LANG_MAX && LANG_TAG.test(value);

/**
 * Checks the `lang` option.
 * @throws TypeError naming `lang` when it is given and no language tag.
 */
export function checkLang(lang: unknown): string | undefined {
  if (lang === undefined || isLangTag(lang)) return lang;
  throw new TypeError(
    `pubnet-widgets/render: lang must be a language tag like pl or pl-PL, at most ${LANG_MAX} characters`,
  );
}
