<?php
/**
 * The plugin's one option, `pubnet_widgets_settings` (an array), and its checks.
 *
 * Keys: token, website_key, sid, api_base, proxy (builtin|external), proxy_url, render_endpoint.
 * The token is write-only: it is read here and by the proxy, never printed anywhere.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

const PUBNET_WIDGETS_OPTION = 'pubnet_widgets_settings';

/** The settings a fresh site has. */
function pubnet_widgets_defaults(): array {
	return array(
		'token'           => '',
		'website_key'     => '',
		'sid'             => '',
		'api_base'        => 'https://api.convertiser.com/',
		'proxy'           => 'builtin',
		'proxy_url'       => '',
		'render_endpoint' => '',
	);
}

/** The stored settings, every key present. */
function pubnet_widgets_settings(): array {
	$stored = get_option( PUBNET_WIDGETS_OPTION, array() );
	$stored = is_array( $stored ) ? $stored : array();
	return array_merge( pubnet_widgets_defaults(), array_intersect_key( $stored, pubnet_widgets_defaults() ) );
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

/**
 * The sanitize callback of the option: each invalid field is reported by its label
 * (add_settings_error) and keeps its stored value. An empty token keeps the stored one;
 * `token_clear` clears it. Idempotent (WordPress may run it twice on the first save).
 *
 * @param mixed $input The submitted array.
 */
function pubnet_widgets_sanitize( $input ): array {
	$old   = pubnet_widgets_settings();
	$input = is_array( $input ) ? wp_unslash( $input ) : array();
	$new   = $old;
	$text  = static fn( $key ) => isset( $input[ $key ] ) && is_string( $input[ $key ] ) ? trim( $input[ $key ] ) : '';
	$error = static function ( $key, $label ) {
		/* translators: %s: the field's label. */
		add_settings_error( PUBNET_WIDGETS_OPTION, 'pubnet_widgets_' . $key, sprintf( __( '%s: invalid value, the previous one is kept.', 'pubnet-widgets' ), $label ) );
	};

	$token = $text( 'token' );
	if ( ! empty( $input['token_clear'] ) ) {
		$new['token'] = '';
	} elseif ( '' !== $token ) {
		// A token is one line of printable ASCII; anything else would break the header.
		if ( preg_match( '/^[\x21-\x7e]{1,256}$/', $token ) ) {
			$new['token'] = $token;
		} else {
			$error( 'token', __( 'API token', 'pubnet-widgets' ) );
		}
	}

	$checks = array(
		'website_key'     => array( __( 'Website key', 'pubnet-widgets' ), 'pubnet_widgets_is_uuid', true ),
		'sid'             => array( __( 'SubID', 'pubnet-widgets' ), 'pubnet_widgets_is_sid', true ),
		'api_base'        => array( __( 'API base URL', 'pubnet-widgets' ), 'pubnet_widgets_is_base_url', false ),
		'proxy_url'       => array( __( 'Proxy', 'pubnet-widgets' ), 'pubnet_widgets_is_base_url', true ),
		'render_endpoint' => array( __( 'Render endpoint', 'pubnet-widgets' ), 'pubnet_widgets_is_base_url', true ),
	);
	foreach ( $checks as $key => list( $label, $valid, $may_be_empty ) ) {
		if ( ! array_key_exists( $key, $input ) ) {
			continue; // Not submitted: kept.
		}
		$value = $text( $key );
		if ( in_array( $key, array( 'api_base', 'proxy_url', 'render_endpoint' ), true ) && '' !== $value ) {
			$value = trailingslashit( $value );
		}
		if ( 'website_key' === $key ) {
			$value = strtolower( $value );
		}
		if ( '' === $value && ! $may_be_empty ) {
			$value = pubnet_widgets_defaults()[ $key ];
		}
		if ( ( '' === $value && $may_be_empty ) || $valid( $value ) ) {
			$new[ $key ] = $value;
		} else {
			$error( $key, $label );
		}
	}

	$proxy = $text( 'proxy' );
	if ( ! array_key_exists( 'proxy', $input ) ) {
		$proxy = $old['proxy'];
	}
	if ( in_array( $proxy, array( 'builtin', 'external' ), true ) ) {
		$new['proxy'] = $proxy;
	} else {
		$error( 'proxy', __( 'Proxy', 'pubnet-widgets' ) );
	}
	if ( 'external' === $new['proxy'] && '' === $new['proxy_url'] ) {
		$new['proxy'] = 'builtin';
		add_settings_error( PUBNET_WIDGETS_OPTION, 'pubnet_widgets_proxy', __( 'Proxy: an external proxy needs its URL; the built-in proxy is used.', 'pubnet-widgets' ) );
	}
	return $new;
}

/** The URL the widgets on the site's pages call (`api`). */
function pubnet_widgets_api_url(): string {
	$settings = pubnet_widgets_settings();
	if ( 'external' === $settings['proxy'] && '' !== $settings['proxy_url'] ) {
		return $settings['proxy_url'];
	}
	return rest_url( 'pubnet/v1/api/' );
}

add_action(
	'init',
	static function () {
		register_setting(
			'pubnet_widgets',
			PUBNET_WIDGETS_OPTION,
			array(
				'type'              => 'array',
				'sanitize_callback' => 'pubnet_widgets_sanitize',
				'default'           => pubnet_widgets_defaults(),
				'show_in_rest'      => false,
			)
		);
	}
);
