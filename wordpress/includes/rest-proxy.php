<?php
/**
 * The built-in proxy: /wp-json/pubnet/v1/api/<API path>. Public (it serves the site's
 * visitors), but it forwards only the widget routes of includes/routes.php, with the token
 * added on the server, the website key pinned, only the policy's query parameters, checked
 * bodies; cacheable answers are kept in transients `pubnet_w_api_<md5>` for 5 minutes.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

const PUBNET_WIDGETS_API_TTL     = 300;
const PUBNET_WIDGETS_API_TIMEOUT = 8;

add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'pubnet/v1',
			'/api/(?P<path>.+)',
			array(
				// PATCH and DELETE only to answer them with 405 and Allow (api-contract §12).
				'methods'             => array( 'GET', 'POST', 'PUT', 'PATCH', 'DELETE' ),
				'callback'            => 'pubnet_widgets_proxy',
				'permission_callback' => '__return_true',
			)
		);
	}
);

/**
 * The API path asked for, still percent-encoded, with its trailing slash. WordPress hands
 * the route over decoded and without its trailing slash, so the path is read from the
 * request URI (refused, '', when it says otherwise); else rebuilt from the route.
 *
 * @param WP_REST_Request $request The request.
 */
function pubnet_widgets_request_path( WP_REST_Request $request ): string {
	$param  = '/' . ltrim( (string) $request->get_param( 'path' ), '/' );
	$uri    = isset( $_SERVER['REQUEST_URI'] ) ? (string) $_SERVER['REQUEST_URI'] : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- compared, never printed.
	$uri    = explode( '?', $uri, 2 )[0];
	$marker = '/' . rest_get_url_prefix() . '/pubnet/v1/api/';
	$at     = strpos( $uri, $marker );
	if ( false !== $at ) {
		$raw = '/' . substr( $uri, $at + strlen( $marker ) );
		// WordPress's route is the raw path (REQUEST_URI) or the decoded one (PATH_INFO); a path
		// it read otherwise (PATH_INFO folds `//`) is not guessed at: refused (404).
		$same = in_array( rtrim( $param, '/' ), array( rtrim( $raw, '/' ), rtrim( rawurldecode( $raw ), '/' ) ), true );
		return $same ? $raw : '';
	}
	// `?rest_route=…` (plain permalinks): its value is the path as the client wrote it, still
	// percent-encoded where it was, with its trailing slash; resolved as such (so `%zz` is
	// refused here as by the Node proxy, not re-encoded into a literal id).
	$route = isset( $_GET['rest_route'] ) && is_string( $_GET['rest_route'] ) ? wp_unslash( $_GET['rest_route'] ) : ''; // phpcs:ignore WordPress.Security -- compared, never printed.
	if ( str_starts_with( $route, '/pubnet/v1/api/' ) && rtrim( substr( $route, 14 ), '/' ) === rtrim( $param, '/' ) ) {
		return substr( $route, 14 );
	}
	$path = implode( '/', array_map( 'rawurlencode', explode( '/', rtrim( $param, '/' ) ) ) );
	// Else the slash WordPress removed is guessed: most API paths end with one.
	return pubnet_widgets_allowed_methods( $path . '/' ) ? $path . '/' : $path;
}

/**
 * Answers one proxied request.
 *
 * @param WP_REST_Request $request The request.
 */
function pubnet_widgets_proxy( WP_REST_Request $request ): WP_REST_Response {
	// WordPress's own `_fields` filter would pick fields out of the API's answer: not here.
	$request->set_param( '_fields', null );
	$settings = pubnet_widgets_settings();
	$method   = strtoupper( $request->get_method() );
	$read     = 'HEAD' === $method ? 'GET' : $method;
	$path     = pubnet_widgets_request_path( $request );
	$route    = pubnet_widgets_resolve_route( $read, $path );
	$allow    = pubnet_widgets_allowed_methods( $path );
	pubnet_widgets_allow_header( $allow );
	if ( ! $route ) {
		return $allow
			? pubnet_widgets_detail( 405, sprintf( 'Method "%s" not allowed.', $method ) )
			: pubnet_widgets_detail( 404, 'Not found.' );
	}
	$policy  = $route['policy'];
	$website = $settings['website_key'];
	if ( ! $route['public'] && '' === $settings['token'] ) {
		return pubnet_widgets_detail( 503, 'The proxy has no API token yet (Settings → Pubnet Widgets).' );
	}

	$query  = array();
	$params = $request->get_query_params();
	foreach ( (array) ( $policy['query'] ?? array() ) as $name ) {
		if ( isset( $params[ $name ] ) && is_string( $params[ $name ] ) ) {
			$query[ $name ] = $params[ $name ];
		}
	}
	if ( 'offers.detect' === $route['key'] && ! pubnet_widgets_is_http_url( $query['url'] ?? null ) ) {
		return pubnet_widgets_errors( array( 'url' => array( 'Enter an absolute http(s) URL.' ) ) );
	}
	$pin = (string) ( $policy['pin'] ?? '' );
	if ( 'key' === $pin && '' !== $website ) {
		if ( '' === ( $query['key'] ?? '' ) ) {
			$query['key'] = $website;
		} elseif ( $query['key'] !== $website ) {
			return pubnet_widgets_forbidden();
		}
	}
	if ( 'token' === $pin && '' !== $website && ( $route['params']['token'] ?? '' ) !== $website ) {
		return pubnet_widgets_forbidden();
	}
	ksort( $query, SORT_STRING );

	$body = null;
	if ( ! empty( $policy['body'] ) ) {
		if ( (int) $request->get_header( 'content_length' ) > PUBNET_WIDGETS_MAX_BODY ) {
			return pubnet_widgets_detail( 413, sprintf( 'The body is larger than %d bytes.', PUBNET_WIDGETS_MAX_BODY ) );
		}
		$body = pubnet_widgets_prepare_body( (string) $policy['body'], $pin, (string) $request->get_body(), $website );
		if ( $body instanceof WP_REST_Response ) {
			return $body;
		}
	}

	$search = $query ? '?' . http_build_query( $query, '', '&', PHP_QUERY_RFC3986 ) : '';
	// Only what the answer depends on: method, canonical path and kept query, the body, the configuration.
	$cache_key = 'pubnet_w_api_' . md5( implode( "\n", array( $read, $route['path'] . $search, null === $body ? '' : md5( $body ), $settings['api_base'], $website ) ) );
	$cache     = ! empty( $policy['cache'] );
	$hit       = $cache ? get_transient( $cache_key ) : false;
	if ( is_array( $hit ) && isset( $hit['status'], $hit['body'] ) ) {
		return pubnet_widgets_upstream_answer( (int) $hit['status'], (string) $hit['body'] );
	}

	$headers = array( 'Accept' => 'application/json' );
	if ( ! $route['public'] ) {
		$headers['Authorization'] = 'Token ' . $settings['token'];
	}
	if ( null !== $body ) {
		$headers['Content-Type'] = 'application/json';
	}
	$response = wp_remote_request(
		trailingslashit( $settings['api_base'] ) . ltrim( $route['path'], '/' ) . $search,
		array(
			'method'      => $route['method'],
			'timeout'     => PUBNET_WIDGETS_API_TIMEOUT,
			'redirection' => 0,
			'headers'     => $headers,
			'body'        => $body,
			'user-agent'  => 'pubnet-widgets-wordpress/' . PUBNET_WIDGETS_VERSION,
		)
	);
	unset( $headers );
	if ( is_wp_error( $response ) ) {
		// The error's message is not passed on: only that the API could not be reached.
		return pubnet_widgets_detail( 502, 'The API could not be reached.' );
	}
	$status = (int) wp_remote_retrieve_response_code( $response );
	$text   = (string) wp_remote_retrieve_body( $response );
	$answer = pubnet_widgets_upstream_answer( $status, $text );
	if ( $cache && $status >= 200 && $status < 300 && 502 !== $answer->get_status() ) {
		set_transient( $cache_key, array( 'status' => $status, 'body' => $text ), PUBNET_WIDGETS_API_TTL );
	}
	return $answer;
}
