// The WordPress harness itself (support/wordpress.ts), without the plugin: a
// site installed with pretty permalinks, the administrator logged in through
// wp-login.php, both themes serving a post, PHP run with WordPress loaded, the
// debug log readable, and nothing left behind by close().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { launchBrowser } from '../e2e/support/browser.js';
import { startWordPress } from './support/wordpress.js';

test('a WordPress starts, serves posts under both themes, and leaves nothing behind', async (t) => {
  const started = performance.now();
  const wp = await startWordPress({ title: 'Harness "test" site' });
  // What a site costs to start, for whoever reads the log; a figure, not a judgement of the machine.
  t.diagnostic(`started in ${Math.round(performance.now() - started)} ms`);
  const browser = await launchBrowser();
  let config = '';
  try {
    assert.equal(await wp.php(`echo get_bloginfo('language');`), 'en-US');
    assert.equal(await wp.php(`echo get_option('permalink_structure');`), '/%postname%/');
    config = await wp.php(`echo DEBIAN_FILE;`);
    assert.match(config, /^\/etc\/wordpress\/config-pubnettest[0-9a-f]+\.php$/);
    assert.ok(existsSync(config));

    const link = await wp.createPost('Hello "quotes" -- dashes', '<p>"Quoted" text -- here</p>');
    assert.equal(link, `${wp.url}/hello-quotes-dashes/`);
    for (const theme of ['twentytwentythree', 'twentytwentyone']) {
      await wp.setTheme(theme);
      const answer = await fetch(link);
      const html = await answer.text();
      assert.equal(answer.status, 200, theme);
      assert.match(html, new RegExp(`/wp-content/themes/${theme}/`), `${theme} serves the post`);
      // Both themes run wptexturize over post content: curly quotes, a dash.
      assert.match(html, /&#8220;Quoted&#8221; text &#8212; here/, theme);
    }
    const rest = await fetch(`${wp.url}/wp-json/wp/v2/posts`);
    assert.equal(rest.status, 200);
    assert.equal(((await rest.json()) as unknown[]).length >= 1, true);

    const admin = await wp.adminPage(browser);
    assert.match(admin.url(), /\/wp-admin\/$/);
    assert.equal(await admin.locator('#wpadminbar').count(), 1, 'logged in');

    await wp.php(`error_log('harness-log-line');`);
    assert.match(await wp.log(), /harness-log-line/);
  } finally {
    await browser.close();
    await wp.close();
  }
  assert.equal(existsSync(config), false, 'the config file is removed');
  assert.equal(existsSync(wp.contentDir), false, 'the temporary directory is removed');
  assert.equal(
    (await fetch(wp.url).catch(() => undefined)) === undefined,
    true,
    'the server is gone',
  );
  const dir = dirname(wp.contentDir);
  const left = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(dir) || line.includes(wp.url.replace('http://', '')));
  assert.deepEqual(left, [], 'no process of the site is left');
});
