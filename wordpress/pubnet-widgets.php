<?php
/**
 * Plugin Name:       Pubnet Widgets
 * Description:       Convertiser's affiliate widgets: ad slots, product grids, price comparisons, loan offers and offer links as shortcodes and blocks, with auto-linking and a built-in proxy that keeps the API token on the server.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      8.1
 * License:           MIT
 * Text Domain:       pubnet-widgets
 * Domain Path:       /languages
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

const PUBNET_WIDGETS_VERSION = '0.1.0';
const PUBNET_WIDGETS_FILE    = __FILE__;
define( 'PUBNET_WIDGETS_DIR', __DIR__ );

// The plugin's translations (languages/, made by the build: a .mo per language), loaded before
// anything else on init: the blocks register on init (includes/elements/blocks.php), and their
// block.json titles, descriptions and keywords are translated as they register.
add_action(
	'init',
	static function () {
		load_plugin_textdomain( 'pubnet-widgets', false, dirname( plugin_basename( PUBNET_WIDGETS_FILE ) ) . '/languages' );
	},
	0
);

// Every file of includes/ but the hooks files defines functions and constants only: loading it
// changes nothing. Each feature's hooks file, loaded last, registers what it does with WordPress.

// Shared by every feature: the option and its checks, what the server fetches, the bounded store.
require_once __DIR__ . '/includes/common/checks.php';
require_once __DIR__ . '/includes/common/settings.php';
require_once __DIR__ . '/includes/common/safe-fetch.php';
require_once __DIR__ . '/includes/common/store.php';
// The settings page (Settings → Pubnet Widgets): its main section, Auto-linking's, In-text links'.
require_once __DIR__ . '/includes/admin/fields.php';
require_once __DIR__ . '/includes/admin/settings-page.php';
require_once __DIR__ . '/includes/admin/autolink-section.php';
require_once __DIR__ . '/includes/admin/intext-section.php';
// The built-in proxy (/wp-json/pubnet/v1/api/…): routes, bodies, answers, budget, link sites,
// the in-text lexicon.
require_once __DIR__ . '/includes/proxy/route-table.php';
require_once __DIR__ . '/includes/proxy/answer.php';
require_once __DIR__ . '/includes/proxy/body.php';
require_once __DIR__ . '/includes/proxy/public-suffix.php';
require_once __DIR__ . '/includes/proxy/link-site.php';
require_once __DIR__ . '/includes/proxy/rate-limit.php';
require_once __DIR__ . '/includes/proxy/upstream.php';
require_once __DIR__ . '/includes/proxy/endpoint.php';
require_once __DIR__ . '/includes/proxy/lexicon.php';
// The elements on the site's pages: attributes, shortcodes, blocks, server render, assets.
require_once __DIR__ . '/includes/elements/attributes.php';
require_once __DIR__ . '/includes/elements/allow-html.php';
require_once __DIR__ . '/includes/elements/render.php';
require_once __DIR__ . '/includes/elements/protect.php';
require_once __DIR__ . '/includes/elements/shortcodes.php';
require_once __DIR__ . '/includes/elements/blocks.php';
require_once __DIR__ . '/includes/elements/assets.php';
// Auto-linking: its settings, the links it marks, its script tag.
require_once __DIR__ . '/includes/autolink/settings.php';
require_once __DIR__ . '/includes/autolink/mark.php';
require_once __DIR__ . '/includes/autolink/script-tag.php';
// In-text links: the matcher (src/intext/ in plain PHP: strings, forms, matching, choosing,
// rules, the HTML walk, the lexicon's reading, linkMentions, the report of every mention), its
// settings, posts and comments, the block editor's panel's route.
require_once __DIR__ . '/includes/intext/strings.php';
require_once __DIR__ . '/includes/intext/forms.php';
require_once __DIR__ . '/includes/intext/match.php';
require_once __DIR__ . '/includes/intext/choose.php';
require_once __DIR__ . '/includes/intext/rules.php';
require_once __DIR__ . '/includes/intext/html.php';
require_once __DIR__ . '/includes/intext/lexicon.php';
require_once __DIR__ . '/includes/intext/link-mentions.php';
require_once __DIR__ . '/includes/intext/report.php';
require_once __DIR__ . '/includes/intext/settings.php';
require_once __DIR__ . '/includes/intext/render.php';
require_once __DIR__ . '/includes/intext/sidebar.php';
// The network's own plugin's shortcodes (Convertiser Widgets), through the elements'.
require_once __DIR__ . '/includes/convertiser/shortcodes.php';
// Each feature's hooks, last.
require_once __DIR__ . '/includes/admin/hooks.php';
require_once __DIR__ . '/includes/proxy/hooks.php';
require_once __DIR__ . '/includes/elements/hooks.php';
require_once __DIR__ . '/includes/autolink/hooks.php';
require_once __DIR__ . '/includes/intext/hooks.php';
require_once __DIR__ . '/includes/convertiser/hooks.php';
