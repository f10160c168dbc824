<?php
/**
 * Plugin Name: Pubnet server-rendered ad slots
 * Description: The [pubnet_adslot id="…"] shortcode: an ad slot rendered on the server by the pubnet-widgets proxy (its links show without JavaScript), taken over by the CDN script once it loads.
 * Version: 0.1.0
 * Requires at least: 5.7
 * Requires PHP: 7.4
 * License: MIT
 *
 * Settings, in wp-config.php:
 *
 *   // The proxy (pubnet-widgets/proxy, or `npx pubnet-proxy`) as this server reaches it.
 *   define( 'PUBNET_PROXY_URL', 'https://publisher.example/pubnet-api/' );
 *   // The website guid (public: it is in every page anyway).
 *   define( 'PUBNET_WEBSITE_KEY', 'WEBSITE_GUID' );
 *   // Optional: the proxy as browsers reach it (default PUBNET_PROXY_URL), and the CDN bundle.
 *   define( 'PUBNET_PUBLIC_PROXY_URL', 'https://publisher.example/pubnet-api/' );
 *   define( 'PUBNET_CDN_URL', 'https://cdn.example/pubnet-widgets@1/pubnet.min.js' );
 *
 * Usage: [pubnet_adslot id="AD_SLOT_UUID"], optionally with sid="campaign-1".
 *
 * The proxy answers GET {proxy}/render/adslots/{uuid}/?key=… with the element's HTML (its tag,
 * its declarative shadow root) and `X-Pubnet-Render: ready`, or, when the API failed or found
 * nothing, the element in its fallback state and `X-Pubnet-Render: fallback; reason="…"`. The
 * API's text in that HTML is escaped by the proxy; it is printed as it is (wp_kses would remove
 * the shadow root's <template> and <style>).
 */

defined( 'ABSPATH' ) || exit;

/** Seconds a page waits for the proxy; then the browser renders the slot itself. */
const PUBNET_RENDER_TIMEOUT = 2;
/** Seconds a fallback answer, or a failed request, is kept: the next page view tries again soon. */
const PUBNET_RENDER_RETRY_AFTER = 30;

add_shortcode( 'pubnet_adslot', 'pubnet_render_adslot_shortcode' );

/**
 * [pubnet_adslot id="…" sid="…"]: the rendered element, from the cache or the proxy; on any
 * failure the plain tag, which the CDN script renders in the browser.
 *
 * @param array|string $atts Shortcode attributes.
 * @return string HTML.
 */
function pubnet_render_adslot_shortcode( $atts ) {
	$atts = shortcode_atts( array( 'id' => '', 'sid' => '' ), $atts, 'pubnet_adslot' );
	$id   = (string) $atts['id'];
	$sid  = (string) $atts['sid'];
	// The same checks as the element's: anything else could never be rendered.
	if ( ! preg_match( '/^[A-Za-z0-9_-]{1,64}$/', $id ) ) {
		return '';
	}
	if ( ! preg_match( '/^[A-Za-z0-9_-]{1,32}$/', $sid ) ) {
		$sid = '';
	}
	pubnet_render_load_script();

	$plain = '<pubnet-adslot adslot="' . esc_attr( $id ) . '"'
		. ( '' !== $sid ? ' sid="' . esc_attr( $sid ) . '"' : '' )
		. '></pubnet-adslot>';
	if ( ! defined( 'PUBNET_PROXY_URL' ) ) {
		return $plain;
	}
	$key       = defined( 'PUBNET_WEBSITE_KEY' ) ? (string) PUBNET_WEBSITE_KEY : '';
	$cache_key = 'pubnet_adslot_' . md5( $id . '|' . $sid . '|' . $key );
	$cached    = get_transient( $cache_key );
	if ( is_string( $cached ) && '' !== $cached ) {
		return $cached;
	}

	$url = trailingslashit( PUBNET_PROXY_URL ) . 'render/adslots/' . rawurlencode( $id ) . '/';
	$url = add_query_arg( rawurlencode_deep( array_filter( array( 'key' => $key, 'sid' => $sid ), 'strlen' ) ), $url );
	$response = wp_remote_get(
		$url,
		array(
			'timeout'     => PUBNET_RENDER_TIMEOUT,
			'redirection' => 0,
			'headers'     => array( 'Accept' => 'text/html' ),
		)
	);
	$html = is_wp_error( $response ) ? '' : (string) wp_remote_retrieve_body( $response );
	// Only the element itself is printed: never an error page of something in between.
	if ( 200 !== (int) wp_remote_retrieve_response_code( $response ) || 0 !== strpos( $html, '<pubnet-adslot' ) ) {
		// The page shows the plain tag; the next ones do too for a while, without waiting.
		set_transient( $cache_key, $plain, PUBNET_RENDER_RETRY_AFTER );
		return $plain;
	}

	$ttl      = pubnet_render_max_age( wp_remote_retrieve_header( $response, 'cache-control' ) );
	$rendered = wp_remote_retrieve_header( $response, 'x-pubnet-render' );
	if ( 0 === stripos( is_array( $rendered ) ? implode( ',', $rendered ) : (string) $rendered, 'fallback' ) ) {
		$ttl = min( $ttl, PUBNET_RENDER_RETRY_AFTER );
	}
	// An expiry of 0 would keep a transient for ever: not kept at all then.
	if ( $ttl > 0 ) {
		set_transient( $cache_key, $html, $ttl );
	}
	return $html;
}

/**
 * The max-age of a Cache-Control header in seconds (at most a day); 0 when the answer may not
 * be kept.
 *
 * @param string|array $cache_control The header's value(s).
 * @return int Seconds.
 */
function pubnet_render_max_age( $cache_control ) {
	$value = is_array( $cache_control ) ? implode( ',', $cache_control ) : (string) $cache_control;
	if ( preg_match( '/(^|,)\s*(no-store|no-cache|private)\b/i', $value ) ) {
		return 0;
	}
	if ( ! preg_match( '/(^|,)\s*max-age\s*=\s*"?(\d+)/i', $value, $match ) ) {
		return 0;
	}
	return min( (int) $match[2], DAY_IN_SECONDS );
}

/** Loads the CDN script once, at the end of a page that shows a slot. */
function pubnet_render_load_script() {
	static $added = false;
	if ( ! $added ) {
		$added = true;
		add_action( 'wp_footer', 'pubnet_render_print_script' );
	}
}

/** The CDN script tag (wp_print_script_tag escapes its attributes, and lets CSP plugins add a nonce). */
function pubnet_render_print_script() {
	$public = defined( 'PUBNET_PUBLIC_PROXY_URL' ) ? PUBNET_PUBLIC_PROXY_URL : ( defined( 'PUBNET_PROXY_URL' ) ? PUBNET_PROXY_URL : '' );
	$attributes = array(
		'src'   => defined( 'PUBNET_CDN_URL' ) ? PUBNET_CDN_URL : 'https://cdn.example/pubnet-widgets@1/pubnet.min.js',
		'async' => true,
	);
	if ( '' !== $public ) {
		$attributes['data-api'] = $public;
	}
	if ( defined( 'PUBNET_WEBSITE_KEY' ) ) {
		$attributes['data-key'] = PUBNET_WEBSITE_KEY;
	}
	wp_print_script_tag( $attributes );
}
