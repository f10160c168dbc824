// The README's quick start as a publisher pastes it, for the tests and the
// bench that measure it: the HTML blocks of its section, as written, with only
// the placeholders filled in (the CDN, the proxy, the ids, the SRI hashes).
// So a figure about "the quick start" is about what the README shows today.

/** The HTML code blocks of the README section `## Quick start for publishers`, unindented. */
export function quickStartBlocks(readme) {
  const start = readme.indexOf('## Quick start for publishers');
  if (start < 0) throw new Error('README.md has no "## Quick start for publishers" section');
  const rest = readme.slice(start + 1);
  const end = rest.search(/\n##+ /);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^( *)```html\n([\s\S]*?)^ *```$/gm)].map(([, indent, code]) =>
    code
      .split('\n')
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n')
      .trim(),
  );
}

/**
 * What the quick start puts where: `head`, the stylesheet and script tags for
 * `<head>` (the block with the script's `src`, not the `widget_code` one with
 * `data-config`); `widgets`, each element of the block that places them, by tag.
 */
export function quickStart(readme) {
  const blocks = quickStartBlocks(readme);
  const head = blocks.find(
    (block) => /<script[^>]*\ssrc=/.test(block) && !/data-config/.test(block),
  );
  const placed = blocks.find((block) => /<pubnet-/.test(block));
  if (!head || !placed) throw new Error('the quick start has no script tag block or no widgets');
  const widgets = {};
  for (const [element, tag] of placed.matchAll(/<(pubnet-[\w-]+)[\s\S]*?<\/\1>/g))
    widgets[tag] ??= element;
  return { head, widgets };
}

/**
 * `html` with the quick start's placeholders filled in: `cdn` for
 * `https://cdn.example/pubnet-widgets@1/`, `api` for the proxy, `key`,
 * `adslot`, `offer`, and each tag's `integrity` (by the file it names) from `sri`.
 */
export function fillQuickStart(html, { cdn, api, key, adslot, offer, sri }) {
  return html
    .replace(/(<(?:link|script)\b[^>]*?)\sintegrity="sha384-…"/g, (tag, start) => {
      const file = /(?:href|src)="[^"]*\/([^/"]+)"/.exec(tag)?.[1];
      if (!file || !(file in sri)) throw new Error(`no SRI hash for ${file}`);
      return `${start} integrity="${sri[file]}"`;
    })
    .replaceAll('https://cdn.example/pubnet-widgets@1/', cdn)
    .replaceAll('https://publisher.example/pubnet-api/', api)
    .replaceAll('WEBSITE_GUID', key)
    .replaceAll('ADSLOT_UUID', adslot)
    .replaceAll('OFFER_UUID', offer);
}
