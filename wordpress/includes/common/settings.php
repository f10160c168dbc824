<?php
/**
 * The plugin's one option, `pubnet_widgets_settings` (an array): its defaults, how it is read
 * and sanitised, its registration. What a valid value is: includes/common/checks.php.
 *
 * Keys: token, website_key, sid, api_base, proxy (builtin|external), proxy_url, render_endpoint,
 * deep_link_hosts (a list of host names), and auto-linking's (includes/autolink/settings.php):
 * autolink, autolink_content, autolink_comments (booleans), autolink_exclude_domains (host names),
 * autolink_include_classes, autolink_exclude_classes (CSS class names), autolink_consent
 * (tcf|always), and in-text links' (includes/intext/settings.php): intext, intext_content,
 * intext_comments, intext_max, intext_aliases, intext_exclude, intext_disclosure. The token
 * is write-only: it is read here and by the proxy, never printed anywhere. The URLs the
 * plugin's server fetches (api_base, render_endpoint, and proxy_url with them) are https or a
 * loopback http, and only a user who may post unfiltered HTML (an administrator of a single
 * site, a network's super admin) sets them (api-contract §13).
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
		'deep_link_hosts' => array(),
	) + pubnet_widgets_autolink_defaults() + pubnet_widgets_intext_defaults();
}

/** The stored settings, every key present. */
function pubnet_widgets_settings(): array {
	$stored   = get_option( PUBNET_WIDGETS_OPTION, array() );
	$stored   = is_array( $stored ) ? $stored : array();
	$settings = array_merge( pubnet_widgets_defaults(), array_intersect_key( $stored, pubnet_widgets_defaults() ) );
	$hosts    = is_array( $settings['deep_link_hosts'] ) ? $settings['deep_link_hosts'] : array();
	$settings['deep_link_hosts'] = array_values( array_filter( $hosts, 'pubnet_widgets_is_host' ) );
	return pubnet_widgets_intext_settings( pubnet_widgets_autolink_settings( $settings ) );
}

/**
 * The "Deep-link hosts" field's text as a list (spaces, commas or new lines between hosts;
 * lower-cased, a trailing dot dropped), or null when one of them is not a host name.
 *
 * @param string $text The field's text.
 */
function pubnet_widgets_parse_hosts( string $text ): ?array {
	$hosts = array();
	foreach ( preg_split( '/[\s,]+/', strtolower( $text ), -1, PREG_SPLIT_NO_EMPTY ) as $host ) {
		$host = rtrim( $host, '.' );
		if ( ! pubnet_widgets_is_host( $host ) ) {
			return null;
		}
		$hosts[] = $host;
	}
	return array_values( array_unique( $hosts ) );
}

/**
 * Whether the current user may set the URLs the plugin's server fetches: one who may post
 * unfiltered HTML (a multisite's site administrators may not), or code run from the command
 * line (WP-CLI) with no user.
 */
function pubnet_widgets_may_set_urls(): bool {
	return current_user_can( 'unfiltered_html' ) || ( 'cli' === PHP_SAPI && ! is_user_logged_in() );
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
		'api_base'        => array( __( 'API base URL', 'pubnet-widgets' ), 'pubnet_widgets_is_fetchable_url', false ),
		'proxy_url'       => array( __( 'Proxy', 'pubnet-widgets' ), 'pubnet_widgets_is_fetchable_url', true ),
		'render_endpoint' => array( __( 'Render endpoint', 'pubnet-widgets' ), 'pubnet_widgets_is_fetchable_url', true ),
	);
	$urls = array( 'api_base', 'proxy_url', 'render_endpoint' );
	foreach ( $checks as $key => list( $label, $valid, $may_be_empty ) ) {
		if ( ! array_key_exists( $key, $input ) ) {
			continue; // Not submitted: kept.
		}
		if ( in_array( $key, $urls, true ) && ! pubnet_widgets_may_set_urls() ) {
			continue; // Read-only for this user: kept.
		}
		$value = $text( $key );
		if ( in_array( $key, $urls, true ) && '' !== $value ) {
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

	if ( array_key_exists( 'deep_link_hosts', $input ) ) {
		$hosts = is_array( $input['deep_link_hosts'] )
			? pubnet_widgets_parse_hosts( implode( ' ', array_filter( $input['deep_link_hosts'], 'is_string' ) ) )
			: pubnet_widgets_parse_hosts( $text( 'deep_link_hosts' ) );
		if ( null === $hosts ) {
			$error( 'deep_link_hosts', __( 'Deep-link hosts', 'pubnet-widgets' ) );
		} else {
			$new['deep_link_hosts'] = $hosts;
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
	return pubnet_widgets_sanitize_intext( $input, pubnet_widgets_sanitize_autolink( $input, $new ) );
}

/** The URL the widgets on the site's pages call (`api`). */
function pubnet_widgets_api_url(): string {
	$settings = pubnet_widgets_settings();
	if ( 'external' === $settings['proxy'] && '' !== $settings['proxy_url'] ) {
		return $settings['proxy_url'];
	}
	return rest_url( 'pubnet/v1/api/' );
}

/**
 * Registers the option with the Settings API (the group the settings page posts), with its
 * sanitize callback: update_option() runs it wherever it is called.
 */
function pubnet_widgets_register_setting(): void {
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
