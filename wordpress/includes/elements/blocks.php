<?php
/**
 * The blocks pubnet/adslot, pubnet/products, pubnet/offer-link, pubnet/price-comparison and
 * pubnet/loan-offers (blocks/<name>/block.json, one per element that names one in
 * includes/elements/element-table.php, rendered on the server by blocks/<name>/render.php),
 * with one editor script without a build step (blocks/editor.js), previewing through
 * ServerSideRender.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** Registers the editor script, its translations and the block of each element that names one. */
function pubnet_widgets_register_blocks(): void {
	wp_register_script(
		'pubnet-widgets-editor',
		plugins_url( 'blocks/editor.js', PUBNET_WIDGETS_FILE ),
		// The In-text links panel: wp-plugins, wp-data, wp-api-fetch, wp-dom-ready (the post
		// editor's panel slot, wp-edit-post, is looked for once the page is ready: the same
		// script serves the site and widget editors, which have none).
		array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-server-side-render', 'wp-i18n', 'wp-plugins', 'wp-data', 'wp-api-fetch', 'wp-dom-ready' ),
		PUBNET_WIDGETS_VERSION,
		true
	);
	// Its strings' translations: languages/pubnet-widgets-<locale>-<md5 of "blocks/editor.js">.json.
	wp_set_script_translations( 'pubnet-widgets-editor', 'pubnet-widgets', plugin_dir_path( PUBNET_WIDGETS_FILE ) . 'languages' );
	// The blocks the elements name (includes/elements/element-table.php) that have a folder here.
	foreach ( pubnet_widgets_elements() as $element ) {
		$name = $element['block'] ?? null;
		if ( is_string( $name ) && preg_match( '/^[a-z][a-z-]*$/', $name ) && is_readable( PUBNET_WIDGETS_DIR . '/blocks/' . $name . '/block.json' ) ) {
			register_block_type( PUBNET_WIDGETS_DIR . '/blocks/' . $name );
		}
	}
}
