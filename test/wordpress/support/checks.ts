// Checks of the plugin test that read what a page or a directory holds.
import assert from 'node:assert/strict';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { attribute, startTags, type Visit } from './pubnet.js';
import type { WordPress } from './wordpress.js';

/** Fails with every line of `problems`, one per line (deepEqual would cut them short). */
export function none(problems: string[]) {
  if (problems.length > 0)
    assert.fail(`${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
}

/** debug.log holds no PHP error, warning or notice from the plugin's files. */
export async function noPluginErrors(wp: WordPress) {
  none(
    (await wp.log())
      .split('\n')
      .filter(
        (line) =>
          /pubnet-widgets\//.test(line) && /PHP (Fatal|Warning|Notice|Deprecated|Parse)/.test(line),
      ),
  );
}

/**
 * Installs a must-use plugin that gives the plugin's per-client budget its clock from a file
 * (`setClock`), real time while there is none: the budget's counts are then exact.
 */
export const installClock = (wp: WordPress) =>
  writeFile(
    join(wp.contentDir, 'mu-plugins', 'pubnet-test-clock.php'),
    `<?php
// The plugin's clock for its per-client budget, from a file the test writes.
add_filter('pubnet_widgets_now', static function ($now) {
  $file = WP_CONTENT_DIR . '/pubnet-test-clock';
  return is_readable($file) ? (float) file_get_contents($file) : $now;
});
`,
  );

/** Sets the budget's clock (seconds) of `installClock`. */
export const setClock = (wp: WordPress, seconds: number) =>
  writeFile(join(wp.contentDir, 'pubnet-test-clock'), String(seconds));

export async function phpFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.php'))
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

/** The one CDN script of a page: in the body after the widgets, with the build's integrity. */
export function assertCdnScript(page: Visit, what: string, sri: string) {
  const scripts = startTags(page.html, 'script').filter((t) =>
    /pubnet\.min\.js/.test(attribute(t.text, 'src') ?? ''),
  );
  assert.equal(
    scripts.length,
    1,
    `${what}: one pubnet.min.js script tag: ${scripts.map((s) => s.text).join(' ')}`,
  );
  const [script] = scripts;
  assert.equal(attribute(script.text, 'integrity'), sri, `${what}: integrity: ${script.text}`);
  assert.ok(script.index > page.html.indexOf('</head>'), `${what}: in the body: ${script.text}`);
  const lastWidget = Math.max(
    ...[
      'pubnet-adslot',
      'pubnet-product-grid',
      'pubnet-offer-link',
      'pubnet-price-comparison',
      'pubnet-loan-offers',
    ].map((tag) => page.html.lastIndexOf(`<${tag}`)),
  );
  assert.ok(script.index > lastWidget, `${what}: after the widgets (in the footer)`);
  const loads = page.requests.filter((r) => /pubnet\.min\.js/.test(r.url));
  assert.equal(loads.length, 1, `${what}: pubnet.min.js loaded once`);
}

export function assertLinks(page: Visit, what: string) {
  const all = page.widgets.flatMap((w) => w.links.map((l) => ({ ...l, tag: w.tag })));
  assert.ok(all.length > 0, `${what}: the widgets show links`);
  for (const link of all) {
    const rel = link.rel.split(/\s+/);
    assert.ok(
      rel.includes('sponsored') && rel.includes('noopener'),
      `${what}: ${link.tag} link ${link.href} has rel="${link.rel}"`,
    );
  }
  // And in the page source, before any script ran: the tracking links of server-rendered slots,
  // grids, comparisons and loan offers. (An offer link's own <a> keeps the publisher's deep
  // link until the bundle has the tracking link: embed contract, not an affiliate link yet.)
  for (const element of page.html.matchAll(
    /<(pubnet-adslot|pubnet-product-grid|pubnet-price-comparison|pubnet-loan-offers)\b[^]*?<\/\1>/g,
  ))
    for (const anchor of startTags(element[0], 'a')) {
      const rel = (attribute(anchor.text, 'rel') ?? '').split(/\s+/);
      assert.ok(
        rel.includes('sponsored') && rel.includes('noopener'),
        `${what}: in the page source, ${element[1]} holds ${anchor.text}`,
      );
    }
}
