// A real WordPress (Debian's package, /usr/share/wordpress) for one test
// file, with no internet: a private MariaDB, a temporary wp-content (Debian's
// two themes linked in, the plugin unzipped from the build), a config file
// of its own in /etc/wordpress chosen by WORDPRESS_CONFIG, `php -S` with a
// small router, installed through wp-admin/install.php. Everything is
// removed by `close()`, and also when a step of the start fails.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { startMariaDb } from './mariadb.js';
import { freePort, run, startServer } from './process.js';
import { CONFIG_DIR, THEMES, WORDPRESS, checkRequirements } from './requirements.js';

const ROUTER = fileURLToPath(new URL('./router.php', import.meta.url));
const PREPEND = fileURLToPath(new URL('./prepend.php', import.meta.url));

export const ADMIN_USER = 'admin';

export interface WordPressOptions {
  /** The plugin's zip (a folder at its root), unzipped into plugins/. */
  pluginZip?: string;
  /** Activate the unzipped plugin with `activate_plugin()` (`php`) or not (default). */
  activate?: 'php';
  /** The theme after install (default: WordPress's default, twentytwentythree). */
  theme?: string;
  title?: string;
}

export interface WordPress {
  /** The site, `http://127.0.0.1:<port>` (no trailing slash). */
  url: string;
  /** The temporary wp-content directory. */
  contentDir: string;
  adminPassword: string;
  /** A page of a new browser context, logged in as the administrator (on the dashboard). */
  adminPage(browser: Browser): Promise<Page>;
  /** Runs PHP `code` (no `<?php`) with WordPress loaded (and wp-admin's plugin API); its stdout. */
  php(code: string): Promise<string>;
  /** debug.log so far ('' when nothing was logged). */
  log(): Promise<string>;
  setTheme(slug: string): Promise<void>;
  /** Publishes a post as the administrator (its content unfiltered); its permalink. */
  createPost(title: string, content: string): Promise<string>;
  /**
   * Another `php -S` for the same site (its own port, the same router and database), with
   * `phpArgs` before the server's own (say `-n -d extension=mysqli`: no php.ini, no other
   * extension); its URL. Stopped by `close()`. Pages are answered there; links in them name
   * `url`.
   */
  serveWith(phpArgs: string[]): Promise<string>;
  close(): Promise<void>;
}

/** Config files and directories still to remove if the process dies first. */
const leftovers = new Set<string>();
process.on('exit', () => {
  for (const path of leftovers) rmSync(path, { recursive: true, force: true });
});

/** `value` as a single-quoted PHP string. */
export const phpString = (value: string) =>
  `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export async function startWordPress(options: WordPressOptions = {}): Promise<WordPress> {
  checkRequirements();
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    const errors: unknown[] = [];
    for (const step of cleanups.splice(0).reverse()) await step().catch((e) => errors.push(e));
    if (errors.length > 0) throw errors[0];
  };
  try {
    const dir = await mkdtemp(join(tmpdir(), 'pubnet-wp-'));
    leftovers.add(dir);
    cleanups.push(async () => {
      await rm(dir, { recursive: true, force: true });
      leftovers.delete(dir);
    });
    const content = join(dir, 'wp-content');
    await mkdir(join(content, 'themes'), { recursive: true });
    await mkdir(join(content, 'plugins'));
    await mkdir(join(content, 'mu-plugins'));
    await mkdir(join(content, 'uploads'));
    await mkdir(join(dir, 'php'));
    for (const theme of THEMES)
      await symlink(`${WORDPRESS}/wp-content/themes/${theme}`, join(content, 'themes', theme));
    // No mail server here: wp_mail (the install's e-mail) succeeds without sending.
    await writeFile(
      join(content, 'mu-plugins', 'pubnet-test-harness.php'),
      "<?php\nadd_filter('pre_wp_mail', '__return_true');\n",
    );

    const unzipping = options.pluginZip
      ? run('unzip', ['-q', options.pluginZip, '-d', join(content, 'plugins')])
      : Promise.resolve('');
    const [db, port] = await Promise.all([
      (async () => {
        const db = await startMariaDb(dir);
        cleanups.push(() => db.stop());
        return db;
      })(),
      freePort(),
      unzipping,
    ]);
    const url = `http://127.0.0.1:${port}`;

    const configName = `pubnettest${randomBytes(6).toString('hex')}`;
    const configFile = join(CONFIG_DIR, `config-${configName}.php`);
    const salts = ['AUTH', 'SECURE_AUTH', 'LOGGED_IN', 'NONCE']
      .flatMap((name) => [`${name}_KEY`, `${name}_SALT`])
      .map((name) => `define('${name}', '${randomBytes(24).toString('hex')}');`)
      .join('\n');
    const debugLog = join(dir, 'debug.log');
    leftovers.add(configFile);
    cleanups.push(async () => {
      await rm(configFile, { force: true });
      leftovers.delete(configFile);
    });
    await writeFile(
      configFile,
      `<?php
// Written by test/wordpress/support/wordpress.ts for one test run; removed after it.
define('DB_NAME', ${phpString(db.database)});
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', ${phpString(db.host)});
define('WP_HOME', ${phpString(url)});
define('WP_SITEURL', ${phpString(url)});
define('WP_CONTENT_DIR', ${phpString(content)});
define('WP_CONTENT_URL', ${phpString(`${url}/wp-content`)});
define('WP_DEBUG', true);
define('WP_DEBUG_LOG', ${phpString(debugLog)});
define('WP_DEBUG_DISPLAY', false);
define('DISABLE_WP_CRON', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('WP_ACCESSIBLE_HOSTS', '127.0.0.1,localhost');
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('FS_METHOD', 'direct');
define('WP_ENVIRONMENT_TYPE', 'local');
${salts}
`,
    );

    const env = { ...process.env, WORDPRESS_CONFIG: configName, PUBNET_WP_CONTENT: content };
    const serve = async (phpArgs: string[], at: number) => {
      const server = await startServer(
        'php',
        [
          ...phpArgs,
          '-d',
          `auto_prepend_file=${PREPEND}`,
          '-S',
          `127.0.0.1:${at}`,
          '-t',
          WORDPRESS,
          ROUTER,
        ],
        /Development Server \(.*\) started/,
        // SIGINT: `php -S` ends its workers and waits for them, so their CPU time is counted
        // in npm test's (scripts/test/step-time.mjs); killed, they would go to init, uncounted.
        { env: { ...env, PHP_CLI_SERVER_WORKERS: '4' }, stopSignal: 'SIGINT' },
      );
      cleanups.push(() => server.stop());
      return { url: `http://127.0.0.1:${at}`, server };
    };
    // OPcache on, as a real site's PHP has it (php-cli ships it off): without it `php -S`
    // compiles WordPress again for every request. Changed files are seen at once.
    const web = (
      await serve(['-d', 'opcache.enable_cli=1', '-d', 'opcache.revalidate_freq=0'], port)
    ).server;

    const adminPassword = `pw-${randomBytes(9).toString('base64url')}`;
    const installed = await fetch(`${url}/wp-admin/install.php?step=2`, {
      method: 'POST',
      body: new URLSearchParams({
        weblog_title: options.title ?? 'Pubnet test site',
        user_name: ADMIN_USER,
        admin_password: adminPassword,
        admin_password2: adminPassword,
        pw_weak: '1',
        admin_email: 'admin@example.com',
        blog_public: '0',
        language: '',
      }),
    });
    const installPage = await installed.text();
    if (!installed.ok || !/Success!/.test(installPage))
      throw new Error(
        `WordPress install failed (${installed.status}): ${installPage
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .slice(0, 500)}\n${web.output().slice(-1000)}`,
      );

    let runs = 0;
    const php = async (code: string) => {
      const file = join(dir, 'php', `run-${++runs}.php`);
      await writeFile(
        file,
        `<?php
$_SERVER['WORDPRESS_CONFIG'] = ${phpString(configName)};
$_SERVER['HTTP_HOST'] = '127.0.0.1:${port}';
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['SERVER_PORT'] = '${port}';
$_SERVER['REQUEST_URI'] = '/';
require ${phpString(`${WORDPRESS}/wp-load.php`)};
require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
?>
<?php ${code}
`,
      );
      return run('php', [file], { env, cwd: dir });
    };

    // Pretty permalinks: /wp-json/ and /<post-name>/ (the router sends them to index.php).
    const setup = [
      `global $wp_rewrite; $wp_rewrite->set_permalink_structure('/%postname%/');`,
      `flush_rewrite_rules(false);`,
      options.theme ? `switch_theme(${phpString(options.theme)});` : '',
      options.pluginZip && options.activate === 'php'
        ? `$r = activate_plugin('pubnet-widgets/pubnet-widgets.php'); if (is_wp_error($r)) { fwrite(STDERR, $r->get_error_message()); exit(1); }`
        : '',
    ];
    await php(setup.join('\n'));

    const contexts = new Set<{ close(): Promise<void> }>();
    cleanups.push(async () => {
      await Promise.all([...contexts].map((context) => context.close().catch(() => {})));
    });

    return {
      url,
      contentDir: content,
      adminPassword,
      php,
      async adminPage(browser) {
        const context = await browser.newContext();
        contexts.add(context);
        context.once('close', () => contexts.delete(context));
        const page = await context.newPage();
        await page.goto(`${url}/wp-login.php`);
        // The login screen focuses its first field 200 ms after loading: typing before that
        // would have the rest of the password land in the user name.
        await page.waitForFunction("document.activeElement?.id === 'user_login'");
        await page.fill('#user_login', ADMIN_USER);
        await page.fill('#user_pass', adminPassword);
        await Promise.all([page.waitForNavigation(), page.click('#wp-submit')]);
        if (!/\/wp-admin\/?$/.test(page.url())) {
          const why = await page
            .locator('#login_error')
            .innerText()
            .catch(() => '(no error shown)');
          throw new Error(`logging in as ${ADMIN_USER} failed at ${page.url()}: ${why}`);
        }
        return page;
      },
      log: () => readFile(debugLog, 'utf8').catch(() => ''),
      async setTheme(slug) {
        const out = await php(`switch_theme(${phpString(slug)}); echo get_stylesheet();`);
        if (out.trim() !== slug) throw new Error(`switch_theme(${slug}) left ${out.trim()}`);
      },
      async createPost(title, postContent) {
        const data = Buffer.from(JSON.stringify({ title, content: postContent })).toString(
          'base64',
        );
        const out = await php(`
wp_set_current_user(1);
$data = json_decode(base64_decode('${data}'), true);
$id = wp_insert_post(wp_slash(['post_title' => $data['title'], 'post_content' => $data['content'], 'post_status' => 'publish', 'post_type' => 'post']), true);
if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message()); exit(1); }
echo get_permalink($id);`);
        return out.trim();
      },
      serveWith: async (phpArgs) => (await serve(phpArgs, await freePort())).url,
      close: cleanup,
    };
  } catch (error) {
    await cleanup().catch(() => {});
    throw error;
  }
}
