<?php
/**
 * What a valid value is, for the settings (includes/common/settings.php) and for what shortcodes,
 * blocks and the proxy take: a host name, a website key, a SubID, an http(s) URL, a base URL.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** A host name as a deep-link host is listed: lower case, letters, digits, `-` and dots. */
function pubnet_widgets_is_host( $value ): bool {
	$label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
	return is_string( $value ) && strlen( $value ) <= 253 && 1 === preg_match( '/^' . $label . '(?:\.' . $label . ')*$/', $value );
}

/** A website guid (the public website key). */
function pubnet_widgets_is_uuid( $value ): bool {
	return is_string( $value ) && 1 === preg_match( '/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i', $value );
}

/** A SubID: at most 32 of A-Z a-z 0-9 _ - (api-contract §7). */
function pubnet_widgets_is_sid( $value ): bool {
	return is_string( $value ) && 1 === preg_match( '/^[A-Za-z0-9_-]{1,32}$/', $value );
}

/** An absolute http(s) URL with a host, no user info. */
function pubnet_widgets_is_http_url( $value ): bool {
	if ( ! is_string( $value ) || '' === $value || preg_match( '/[\s\x00-\x1f\x7f]/', $value ) ) {
		return false;
	}
	$parts = wp_parse_url( $value );
	return is_array( $parts ) && isset( $parts['scheme'], $parts['host'] ) && '' !== $parts['host']
		&& in_array( strtolower( $parts['scheme'] ), array( 'http', 'https' ), true )
		&& ! isset( $parts['user'] ) && ! isset( $parts['pass'] );
}

/** A base URL: http(s), no query or fragment, ending with `/`. */
function pubnet_widgets_is_base_url( $value ): bool {
	return pubnet_widgets_is_http_url( $value ) && ! preg_match( '/[?#]/', $value );
}
