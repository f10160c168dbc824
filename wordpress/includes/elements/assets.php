<?php
/**
 * The plugin's own copy of the CDN files (assets/, copied by the build from dist/cdn/):
 * pubnet.min.js once per page that prints a widget, in the footer, async, with its SRI hash
 * and data-api / data-key / data-sid (for server-rendered elements that carry no api of
 * their own); pubnet.css in <head> of the pages whose content holds a widget (else late).
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The SRI hash of an asset (`assets/<file>.sri`), or '' when there is none.
 *
 * @param string $file The asset's file name.
 */
function pubnet_widgets_sri( string $file ): string {
	$path = PUBNET_WIDGETS_DIR . '/assets/' . $file . '.sri';
	$sri  = is_readable( $path ) ? trim( (string) file_get_contents( $path ) ) : ''; // phpcs:ignore WordPress.WP.AlternativeFunctions -- a local file.
	return preg_match( '/^(sha256|sha384|sha512)-[A-Za-z0-9+\/=]+$/', $sri ) ? $sri : '';
}

/** Registers the CDN file and pubnet.css (enqueued by what prints a widget). */
function pubnet_widgets_register_assets(): void {
	$url = plugins_url( 'assets/', PUBNET_WIDGETS_FILE );
	wp_register_script( 'pubnet-widgets', $url . 'pubnet.min.js', array(), PUBNET_WIDGETS_VERSION, true );
	wp_register_style( 'pubnet-widgets', $url . 'pubnet.css', array(), PUBNET_WIDGETS_VERSION );
}

/** Called by every shortcode and block that prints an element: the script (and style) once. */
function pubnet_widgets_use_assets(): void {
	wp_enqueue_script( 'pubnet-widgets' );
	// Already in <head> when the content was known to need it; else printed late, in the footer.
	wp_enqueue_style( 'pubnet-widgets' );
}

/** Whether the posts of this page hold one of the shortcodes or blocks. */
function pubnet_widgets_page_has_widgets(): bool {
	global $wp_query;
	$posts = is_singular() ? array( get_queried_object() ) : (array) ( $wp_query->posts ?? array() );
	foreach ( $posts as $post ) {
		if ( ! $post instanceof WP_Post ) {
			continue;
		}
		// Each element's shortcode and block (includes/elements/element-table.php).
		foreach ( pubnet_widgets_elements() as $element ) {
			$shortcode = $element['shortcode'] ?? null;
			$block     = $element['block'] ?? null;
			if ( ( is_string( $shortcode ) && has_shortcode( $post->post_content, $shortcode ) )
				|| ( is_string( $block ) && has_block( 'pubnet/' . $block, $post ) ) ) {
				return true;
			}
		}
	}
	return false;
}

/** pubnet.css in <head> of the pages whose posts hold a widget (or of every page, by a filter). */
function pubnet_widgets_enqueue_style(): void {
	/**
	 * Whether pubnet.css is linked in every front-end page's <head> (it is small), not only
	 * in pages whose posts hold a widget.
	 *
	 * @param bool $everywhere Default false.
	 */
	if ( apply_filters( 'pubnet_widgets_css_everywhere', false ) || pubnet_widgets_page_has_widgets() ) {
		wp_enqueue_style( 'pubnet-widgets' );
	}
}

/**
 * The CDN file's script tag: async, its SRI hash, data-api, data-key and data-sid. Other
 * scripts' tags as they are.
 *
 * @param string $tag    The tag WordPress made.
 * @param string $handle The script's handle.
 * @param string $src    Its URL.
 */
function pubnet_widgets_script_tag( $tag, $handle, $src ) {
	if ( 'pubnet-widgets' !== $handle ) {
		return $tag;
	}
	$settings   = pubnet_widgets_settings();
	$attributes = array(
		'src'      => $src,
		'async'    => true,
		'data-api' => pubnet_widgets_api_url(),
	);
	$sri = pubnet_widgets_sri( 'pubnet.min.js' );
	if ( '' !== $sri ) {
		$attributes['integrity']   = $sri;
		$attributes['crossorigin'] = 'anonymous';
	}
	if ( '' !== $settings['website_key'] ) {
		$attributes['data-key'] = $settings['website_key'];
	}
	if ( '' !== $settings['sid'] ) {
		$attributes['data-sid'] = $settings['sid'];
	}
	// wp_get_script_tag() escapes every attribute and lets CSP plugins add a nonce.
	return wp_get_script_tag( $attributes );
}

/**
 * pubnet.css's link with its SRI hash. Other styles' tags as they are.
 *
 * @param string $tag    The tag WordPress made.
 * @param string $handle The style's handle.
 */
function pubnet_widgets_style_tag( $tag, $handle ) {
	$sri = 'pubnet-widgets' === $handle ? pubnet_widgets_sri( 'pubnet.css' ) : '';
	if ( '' === $sri ) {
		return $tag;
	}
	return preg_replace( '/^<link /', '<link integrity="' . esc_attr( $sri ) . '" crossorigin="anonymous" ', $tag, 1 );
}
