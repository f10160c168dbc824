// The plugin's readme.txt as the WordPress plugin directory reads it: its header agrees with
// the plugin's header and with the WordPress the tests run ("Tested up to" is that version's
// major.minor: Debian's `wordpress` package, the one support/wordpress.ts serves), a short
// description the directory shows whole (150 characters), at most 5 tags; the external service
// (the network's API) described, with its terms and privacy policy; where the minified
// script's source is; a changelog. The zip's copy is the source's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { installLine, missing } from '../../scripts/machine/system.mjs';
import { pluginZip } from './support/pubnet.js';
import { run } from './support/process.js';
import { WORDPRESS } from './support/requirements.js';

const source = (file: string) =>
  readFileSync(fileURLToPath(new URL(`../../wordpress/${file}`, import.meta.url)), 'utf8');
const readme = source('readme.txt');
const main = source('pubnet-widgets.php');

/** The readme's header fields (`Name: value` lines before the short description). */
const header = Object.fromEntries(
  [...readme.split(/\n\n/)[0].matchAll(/^([A-Za-z ]+):\s*(.*)$/gm)].map((m) => [m[1], m[2].trim()]),
);

/** A `== Section ==` of the readme: its text up to the next one. */
function section(name: string): string {
  const start = readme.indexOf(`\n== ${name} ==\n`);
  assert.ok(start >= 0, `readme.txt has a "== ${name} ==" section`);
  const body = readme.slice(start + `\n== ${name} ==\n`.length);
  const end = body.search(/^== /m);
  return end < 0 ? body : body.slice(0, end);
}

/** The WordPress the tests run: its `$wp_version`. */
function wordpressVersion(): string {
  const file = `${WORDPRESS}/wp-includes/version.php`;
  if (!existsSync(file)) throw new Error(installLine(missing(['wordpress'])));
  const version = /^\$wp_version\s*=\s*'([^']+)'/m.exec(readFileSync(file, 'utf8'))?.[1];
  assert.ok(version, `${file} names $wp_version`);
  return version;
}

test('"Tested up to" is the major.minor of the WordPress the tests run; the rest of the header agrees with the plugin', () => {
  const version = wordpressVersion();
  const majorMinor = /^(\d+\.\d+)/.exec(version)?.[1];
  assert.equal(header['Tested up to'], majorMinor, `WordPress ${version} runs the tests`);
  const plugin = (name: string) => new RegExp(`^ \\* ${name}:\\s*(\\S+)`, 'm').exec(main)?.[1];
  assert.equal(header['Requires at least'], plugin('Requires at least'));
  assert.equal(header['Requires PHP'], plugin('Requires PHP'));
  assert.equal(header['Stable tag'], plugin('Version'));
  assert.ok(header.License && header['License URI'], 'a license and its URI');
});

test('the short description fits the directory (150 characters), with at most 5 tags', () => {
  const short = readme.split(/\n\n/)[1].trim();
  assert.ok(!short.startsWith('=='), 'a short description under the header');
  assert.ok(short.length <= 150, `${short.length} characters: ${short}`);
  const tags = header.Tags.split(',').map((tag: string) => tag.trim());
  assert.ok(tags.length >= 1 && tags.length <= 5, `${tags.length} tags: ${tags.join(', ')}`);
});

test('the external service is described: what is sent and when, the assets are the plugin’s own, the terms and the privacy policy linked', () => {
  const text = section('External services');
  assert.match(text, /https:\/\/api\.convertiser\.com\//, 'the API');
  assert.match(text, /\/wp-json\/pubnet\/v1\/api\//, 'the built-in proxy');
  assert.match(text, /API token/, 'the token sent');
  assert.match(text, /Website key/, 'the website key sent');
  assert.match(text, /IP address/, "whether the visitor's address is sent");
  assert.match(text, /not from a third-party CDN/, 'the script and stylesheet the plugin’s own');
  assert.match(text, /images|logos/, 'what the browser loads from elsewhere');
  assert.match(text, /\[Terms of service\]\(https:\/\/[^)\s]+\)/, 'the terms, linked');
  assert.match(text, /\[Privacy policy\]\(https:\/\/[^)\s]+\)/, 'the privacy policy, linked');
});

test("the minified script's source is named; the changelog has this release's entries", () => {
  const faq = section('Frequently Asked Questions');
  assert.match(faq, /assets\/pubnet\.min\.js/);
  assert.match(faq, /source map|source code/);
  const changelog = section('Changelog');
  assert.match(changelog, /^= Unreleased =$/m);
  assert.match(changelog, /\[convertiser_comparison\]/);
  assert.match(changelog, /\[convertiser_payday_offers\]/);
});

test('the minified scripts’ sources are in the zip: each source map with every source whole', async () => {
  for (const script of ['pubnet.min.js', 'pubnet-autolink.min.js']) {
    const map = JSON.parse(
      await run('unzip', ['-p', pluginZip(), `pubnet-widgets/assets/${script}.map`]),
    ) as { sources: string[]; sourcesContent: (string | null)[] };
    assert.equal(map.sourcesContent.length, map.sources.length, script);
    assert.ok(
      map.sourcesContent.every((content) => typeof content == 'string' && content.length > 0),
      `${script}: every source whole`,
    );
    assert.ok(
      map.sources.some((source) => /src\/embed\//.test(source)),
      `${script}: its own sources`,
    );
  }
  assert.match(section('Frequently Asked Questions'), /assets\/pubnet\.min\.js\.map/);
});

test("the zip's readme.txt is the source's", async () => {
  assert.equal(await run('unzip', ['-p', pluginZip(), 'pubnet-widgets/readme.txt']), readme);
});
