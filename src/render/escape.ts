/**
 * A value for a double-quoted HTML attribute. `>` too, though HTML does not
 * need it: text filters that work on tags, not on HTML (WordPress's
 * `wptexturize` under a block theme), end a tag at the first `>` and then
 * rewrite the quotes of the rest (`data-answer` is JSON).
 */
export const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
