<?php
/**
 * What the plugin's server fetches (api-contract §13): the API base URL and the render
 * endpoint (and the external proxy's URL, which only the browser fetches, is held to the same
 * rule): https, or http for a loopback host only; fetched with WordPress's safe remote
 * functions (no redirect, no private or loopback address), with exactly the configured hosts
 * let through (`http_request_host_is_external`) on their configured ports
 * (`http_allowed_safe_ports`), for the plugin's own requests only, so that a loopback API or
 * render endpoint still works in development.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Whether `host` is a loopback host: localhost (and *.localhost), 127.0.0.0/8, ::1.
 *
 * @param string $host A URL's host (IPv6 in brackets or not).
 */
function pubnet_widgets_is_loopback_host( string $host ): bool {
	$host = strtolower( rtrim( trim( $host, '[]' ), '.' ) );
	return 'localhost' === $host || str_ends_with( $host, '.localhost' ) || '::1' === $host
		|| 1 === preg_match( '/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/', $host );
}

/**
 * Whether the plugin's server may fetch `url`: an absolute URL without user info that is
 * https, or http on a loopback host.
 *
 * @param mixed $url The URL.
 */
function pubnet_widgets_may_fetch( $url ): bool {
	if ( ! pubnet_widgets_is_http_url( $url ) ) {
		return false;
	}
	$parts  = wp_parse_url( $url );
	$scheme = strtolower( (string) $parts['scheme'] );
	return 'https' === $scheme || ( 'http' === $scheme && pubnet_widgets_is_loopback_host( (string) $parts['host'] ) );
}

/**
 * A URL setting the plugin fetches (or hands to the widgets as their proxy): a base URL (no
 * query or fragment, ending with `/`) it may fetch.
 *
 * @param mixed $value The URL.
 */
function pubnet_widgets_is_fetchable_url( $value ): bool {
	return pubnet_widgets_is_base_url( $value ) && pubnet_widgets_may_fetch( $value );
}

/** The hosts (lower case) and their ports that the settings name for the server to fetch. */
function pubnet_widgets_configured_hosts(): array {
	$settings = pubnet_widgets_settings();
	$hosts    = array();
	foreach ( array( $settings['api_base'], $settings['render_endpoint'] ) as $url ) {
		if ( pubnet_widgets_is_fetchable_url( $url ) ) {
			$parts                                   = wp_parse_url( $url );
			$hosts[ strtolower( $parts['host'] ) ][] = (int) ( $parts['port'] ?? ( 'https' === strtolower( $parts['scheme'] ) ? 443 : 80 ) );
		}
	}
	return $hosts;
}

/**
 * Fetches `url` (one of the configured URLs, or under one) with wp_safe_remote_request(): a
 * WP_Error when it is not fetchable (see above) or the request failed.
 *
 * @param string $url  The URL.
 * @param array  $args wp_remote_request()'s arguments.
 * @return array|WP_Error
 */
function pubnet_widgets_safe_request( string $url, array $args ) {
	$parts = wp_parse_url( $url );
	$host  = strtolower( (string) ( $parts['host'] ?? '' ) );
	$hosts = pubnet_widgets_configured_hosts();
	if ( ! pubnet_widgets_may_fetch( $url ) || ! isset( $hosts[ $host ] ) ) {
		return new WP_Error( 'pubnet_widgets_url', 'Not a URL the plugin fetches.' );
	}
	$external = static fn( $allowed, $asked ) => $allowed || strtolower( rtrim( (string) $asked, '.' ) ) === $host;
	$ports    = static function ( $allowed, $asked ) use ( $host, $hosts ) {
		return strtolower( (string) $asked ) === $host ? array_merge( (array) $allowed, $hosts[ $host ] ) : $allowed;
	};
	add_filter( 'http_request_host_is_external', $external, 10, 2 );
	add_filter( 'http_allowed_safe_ports', $ports, 10, 2 );
	try {
		return wp_safe_remote_request( $url, array_merge( $args, array( 'redirection' => 0 ) ) );
	} finally {
		remove_filter( 'http_request_host_is_external', $external, 10 );
		remove_filter( 'http_allowed_safe_ports', $ports, 10 );
	}
}
