// The README's quick start, as a publisher pastes it: read at bench time from
// README.md's section `## Quick start for publishers`, so that the bench
// measures what the README says today, whatever it says.
//
// Every ```html and ```css block of the section, up to its first `###`/`##`
// heading, is taken as it is. Of an html block, each top-level element goes
// to `<head>` if it is a `<link>`, `<style>`, `<meta>` or `<script>` (the
// script tag); a `<script data-config>` is the alternative of pasting an ad
// slot's `widget_code`, not used here; every other element is a widget, for
// `<body>`. A css block becomes a `<style>` in `<head>`. Only the
// placeholders are replaced:
//   https://cdn.example/pubnet-widgets@1/   → the local CDN build (/cdn/)
//   https://publisher.example/pubnet-api/   → the local proxy
//   WEBSITE_GUID, ADSLOT_UUID, OFFER_UUID   → seeded ids (src/emulator/known.ts)
//   sha384-…                                → the real hash of the file the tag names
// The pages built from it (lighthouse.mjs measures them):
//   grid.html      the product grid alone, article text below it;
//   slot.html      the ad slot alone, text below: a generic `ADSLOT_UUID` is
//                  the seeded 300×250 manual slot (`bannerAdslot`, of the
//                  second website, so WEBSITE_GUID is that website's);
//   grid-ssr.html, slot-ssr.html: the same pages, their widget tags rendered
//                  by the server at request time (scripts/demo/demo-server.mjs).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../', import.meta.url);
export const SECTION = '## Quick start for publishers';
const CDN_PLACEHOLDER = 'https://cdn.example/pubnet-widgets@1/';
const API_PLACEHOLDER = 'https://publisher.example/pubnet-api/';

/** The fenced ```html/```css blocks of the section, dedented: `{ lang, code }[]`. */
export function sectionBlocks(readme, heading = SECTION) {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`README has no "${heading}" section`);
  const blocks = [];
  let open = null;
  for (const line of lines.slice(start + 1)) {
    if (!open && /^#{2,3}\s/.test(line)) break;
    const fence = /^(\s*)(```+|~~~+)\s*([\w-]*)/.exec(line);
    if (!open && fence) {
      open = { indent: fence[1].length, fence: fence[2], lang: fence[3].toLowerCase(), lines: [] };
    } else if (open && line.trim().startsWith(open.fence)) {
      if (open.lang === 'html' || open.lang === 'css')
        blocks.push({ lang: open.lang, code: open.lines.join('\n').trimEnd() });
      open = null;
    } else if (open) {
      open.lines.push(line.slice(Math.min(open.indent, line.length - line.trimStart().length)));
    }
  }
  if (!blocks.length) throw new Error(`"${heading}" has no html or css block`);
  return blocks;
}

const VOID = new Set(['link', 'meta', 'br', 'img', 'hr', 'input', 'source', 'base', 'wbr']);
const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

/** The top-level elements of an HTML fragment, each as its source text: `{ tag, attrs, html }[]`. */
export function topLevelElements(fragment) {
  const found = [];
  let depth = 0;
  let current = null;
  TAG.lastIndex = 0;
  for (let match; (match = TAG.exec(fragment));) {
    const [, closing, rawName, attrs = ''] = match;
    if (!rawName) continue; // a comment
    const name = rawName.toLowerCase();
    if (!closing) {
      if (depth === 0) current = { tag: name, attrs, start: match.index };
      const selfClosing = VOID.has(name) || /\/\s*$/.test(attrs);
      if (name === 'script' || name === 'style') {
        // Raw text: straight to its end tag.
        const end = fragment.toLowerCase().indexOf(`</${name}`, TAG.lastIndex);
        TAG.lastIndex = end < 0 ? fragment.length : fragment.indexOf('>', end) + 1;
      } else if (!selfClosing) {
        depth++;
        continue;
      }
    } else {
      depth = Math.max(0, depth - 1);
    }
    if (depth === 0 && current) {
      found.push({ ...current, html: fragment.slice(current.start, TAG.lastIndex) });
      current = null;
    }
  }
  return found.map(({ tag, attrs, html }) => ({ tag, attrs, html }));
}

const HEAD_TAGS = new Set(['link', 'style', 'meta', 'script']);

/**
 * The section's parts: `head` (the markup for `<head>`, in the README's
 * order), `widgets` (each widget element by tag name, the first of each),
 * and `ignored` (what was left out, and why).
 */
export function quickStart(readme = readFileSync(new URL('README.md', ROOT), 'utf8')) {
  const head = [];
  const widgets = {};
  const ignored = [];
  for (const block of sectionBlocks(readme)) {
    if (block.lang === 'css') {
      head.push(`<style>\n${block.code}\n</style>`);
      continue;
    }
    for (const element of topLevelElements(block.code)) {
      if (element.tag === 'script' && /\sdata-config=/.test(element.attrs))
        ignored.push(`${element.tag} data-config (pasting widget_code instead)`);
      else if (HEAD_TAGS.has(element.tag)) head.push(element.html);
      else if (element.tag in widgets) ignored.push(`a second <${element.tag}>`);
      else widgets[element.tag] = element.html;
    }
  }
  if (!head.some((html) => /<script\b/.test(html)))
    throw new Error('no script tag in the quick start');
  return { head, widgets, ignored };
}

/** `sha384-…` of the local file a URL under `cdnUrl` names (its `.sri` file when the build wrote one). */
function sri(url, cdnUrl) {
  if (!url.startsWith(cdnUrl)) throw new Error(`${url}: integrity of a file not on the CDN`);
  const file = fileURLToPath(new URL(`dist/cdn/${url.slice(cdnUrl.length)}`, ROOT));
  if (existsSync(`${file}.sri`)) return readFileSync(`${file}.sri`, 'utf8').trim();
  return `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
}

/** `html` with its placeholders replaced; `sha384-…` by the hash of the tag's own src/href. */
export function substitute(html, { cdn, api, key, adslot, offer }) {
  let out = html
    .replaceAll(CDN_PLACEHOLDER, cdn)
    .replaceAll(API_PLACEHOLDER, api)
    .replaceAll('WEBSITE_GUID', key)
    .replaceAll('ADSLOT_UUID', adslot)
    .replaceAll('OFFER_UUID', offer);
  out = out.replace(/<(script|link)\b(?:[^>"']|"[^"]*"|'[^']*')*>/g, (tag) => {
    if (!/sha384-(…|\.\.\.)/.test(tag)) return tag;
    const url = /\s(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url) throw new Error(`integrity without a src or href: ${tag}`);
    return tag.replace(/sha384-(…|\.\.\.)/, sri(url, cdn));
  });
  const left = /(https:\/\/(cdn|publisher)\.example\/|[A-Z]+_(GUID|UUID)\b|sha384-…)/.exec(out);
  if (left) throw new Error(`placeholder left in the quick start: ${left[0]}`);
  return out;
}

const ARTICLE = [
  'The article goes on below the widget, as on a publisher’s page. If the widget changes its height once the script has loaded, or once its products have arrived, every line of this text moves, and the move counts as layout shift.',
  'Closed-back headphones keep the sound in and the noise out; open-back ones sound wider but leak. Battery life, comfort and the codec matter more than the spec sheet suggests, and a good pair lasts for years.',
  'Noise cancelling has become good enough for a train or a plane, less so for a windy street. Try a pair with your own music before you buy: the tuning of the bass is a matter of taste, not of price.',
  'Wired headphones still sound best for the money. A small amplifier helps with high-impedance models, but most headphones are made for a phone and need nothing more than its own output or a cheap adapter.',
  'For sport, pick a pair that stays put and shrugs off sweat; for the office, one that is comfortable for hours and has a microphone people can understand. For children, pick one that limits its volume.',
  'Whatever you choose, keep the receipt: most shops take headphones back within a fortnight, and the first week tells you more about comfort than any review.',
];

/** A whole page: the quick start's `<head>` markup, a heading, the widget, then the article. */
function page({ title, head, widget }) {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    '<link rel="icon" href="/favicon.svg">',
    ...head,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${title}</h1>`,
    widget,
    ...ARTICLE.map((text) => `<p>${text}</p>`),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * The quick-start pages in `dir`, for the demo's servers (scripts/demo/demo.mjs: the
 * CDN build at /cdn/, the proxy at /pubnet-api/): `mounts` to start the demo
 * with, then `write({ origin, api })` once its URL is known, which writes the
 * pages and resolves with `{ pages: [{ name, path, serverRendered }], notes }`.
 */
export function quickStartSite(dir, known) {
  const { head, widgets, ignored } = quickStart();
  // A widget, or the first element around one (a wrapper the README may show it in).
  const find = (tag) =>
    widgets[tag] ?? Object.values(widgets).find((html) => html.includes(`<${tag}`));
  const grid = find('pubnet-product-grid');
  const slot = find('pubnet-adslot');
  if (!grid) throw new Error('the quick start shows no <pubnet-product-grid>');
  if (!slot) throw new Error('the quick start shows no <pubnet-adslot>');
  const genericSlot = /adslot="ADSLOT_UUID"/.test(slot);
  const kinds = {
    grid: {
      widget: grid,
      title: 'Headphones we like',
      key: known.website.guid,
      adslot: known.filterAdslot,
    },
    // A generic slot: the seeded 300×250 manual slot, of the second website.
    slot: {
      widget: slot,
      title: 'Our partners this week',
      ...(genericSlot
        ? { key: known.websites.secondActive.guid, adslot: known.bannerAdslot }
        : { key: known.website.guid, adslot: known.manualAdslot }),
    },
  };
  // One mount per website: a server render takes the website's key from the demo's values.
  const mounts = Object.entries(kinds).map(([kind, { key }]) => ({
    prefix: `/quick-start/${kind}/`,
    root: join(dir, kind),
    values: { key },
    serverRendered: [`/${kind}-ssr.html`],
  }));
  const notes = ignored.map((what) => `left out: ${what}`);
  if (genericSlot) notes.push('ADSLOT_UUID: the seeded 300×250 manual slot (bannerAdslot)');

  async function write({ origin, api }) {
    const cdn = new URL('cdn/', origin).href;
    const pages = [];
    for (const [kind, { widget, title, key, adslot }] of Object.entries(kinds)) {
      const values = { cdn, api, key, adslot, offer: known.offers[0] };
      const html = page({
        title,
        head: head.map((html) => substitute(html, values)),
        widget: substitute(widget, values),
      });
      await mkdir(join(dir, kind), { recursive: true });
      await writeFile(join(dir, kind, `${kind}.html`), html);
      await writeFile(join(dir, kind, `${kind}-ssr.html`), html);
      pages.push(
        { name: kind, path: `/quick-start/${kind}/${kind}.html`, serverRendered: false },
        {
          name: `${kind}-ssr`,
          path: `/quick-start/${kind}/${kind}-ssr.html`,
          serverRendered: true,
        },
      );
    }
    return { pages, notes };
  }
  return { mounts, write };
}
