/**
 * The plugin's Polish catalogue (languages/pubnet-widgets-pl_PL.po), for tests that read what a
 * Polish site shows: `pl(msgid)` is its translation, asserted to be there.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parsePo } from '../../../scripts/build/wordpress-i18n.mjs';

/** msgid to its translations (one a plural form). */
const polish = new Map(
  parsePo(
    readFileSync(
      fileURLToPath(
        new URL('../../../wordpress/languages/pubnet-widgets-pl_PL.po', import.meta.url),
      ),
      'utf8',
    ),
  )
    .filter((entry) => entry.msgid !== '')
    .map((entry) => [entry.msgid, entry.msgstr]),
);

/** The Polish of `msgid` (its plural `form`), which the catalogue must have. */
export const pl = (msgid: string, form = 0): string => {
  const text = polish.get(msgid)?.[form];
  assert.ok(text, `"${msgid}" in the catalogue`);
  return text;
};
