<?php
/**
 * The built-in proxy: /wp-json/pubnet/v1/api/<API path>. Public (it serves the site's visitors),
 * but it forwards only the widget routes of includes/proxy/routes.php, with the token added on the
 * server (includes/proxy/upstream.php), the website key pinned, only the policy's query parameters,
 * checked bodies, tracking links only to the offer's own site; cacheable answers are kept 5 minutes
 * in the bounded store (includes/common/store.php), and each API call a client causes draws from
 * its budget (includes/proxy/rate-limit.php): api-contract §12 and §13. An expected outcome (no
 * offer, no such slot, no link) is answered 200 with the API's status in X-Pubnet-Status (§14).
 * `/lexicon/` is its own answer, the in-text lexicon (§15, includes/proxy/lexicon.php).
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

const PUBNET_WIDGETS_MAX_PAGE_SIZE = 48;

/** The proxy's route: every method, public (it serves the site's visitors). */
function pubnet_widgets_register_proxy_route(): void {
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
	// WordPress matches routes whatever their case (`/wp-json/PUBNET/V1/API/…`): so does this.
	$at = stripos( $uri, $marker );
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
	if ( 0 === stripos( $route, '/pubnet/v1/api/' ) && rtrim( substr( $route, 14 ), '/' ) === rtrim( $param, '/' ) ) {
		return substr( $route, 14 );
	}
	$path = implode( '/', array_map( 'rawurlencode', explode( '/', rtrim( $param, '/' ) ) ) );
	// Else the slash WordPress removed is guessed: most API paths end with one.
	return pubnet_widgets_allowed_methods( $path . '/' ) ? $path . '/' : $path;
}

/**
 * A `page_size` (a number, or digits) clamped to 48 when it is a whole number above it;
 * anything else as it is (the API answers its own 400). api-contract §13.
 *
 * @param mixed $value The page size asked for.
 * @return mixed
 */
function pubnet_widgets_clamp_page_size( $value ) {
	$digits = is_string( $value ) && preg_match( '/^\d+$/', $value );
	$whole  = is_int( $value ) || ( is_float( $value ) && floor( $value ) === $value ) || $digits;
	if ( $whole && (float) $value > PUBNET_WIDGETS_MAX_PAGE_SIZE ) {
		return is_string( $value ) ? (string) PUBNET_WIDGETS_MAX_PAGE_SIZE : PUBNET_WIDGETS_MAX_PAGE_SIZE;
	}
	return $value;
}

/** Whether this request's Host is exactly one valid `host[:port]` (RFC 9112 §3.2). */
function pubnet_widgets_valid_host(): bool {
	$host  = isset( $_SERVER['HTTP_HOST'] ) ? (string) $_SERVER['HTTP_HOST'] : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- only matched.
	$label = '[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?';
	return 1 === preg_match( '/^(?:' . $label . '(?:\.' . $label . ')*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/', $host );
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
	if ( ! pubnet_widgets_valid_host() ) {
		return pubnet_widgets_detail( 400, 'Bad Host.' );
	}
	// WordPress lets `?_method=PUT` (or X-HTTP-Method-Override) turn a GET, an <img> say,
	// into a write: the proxy takes the method the request was sent with, and no other.
	$sent = isset( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( (string) $_SERVER['REQUEST_METHOD'] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- only compared.
	if ( $sent !== $method ) {
		return pubnet_widgets_detail( 405, 'A method override (_method, X-HTTP-Method-Override) is not accepted.' );
	}
	// The in-text lexicon is the proxy's own answer (api-contract §15), no API route.
	if ( '/lexicon/' === $path ) {
		return pubnet_widgets_lexicon_answer( $request, $method );
	}
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
			$query[ $name ] = 'page_size' === $name ? pubnet_widgets_clamp_page_size( $params[ $name ] ) : $params[ $name ];
		}
	}
	if ( 'offers.detect' === $route['key'] && ! pubnet_widgets_is_http_url( $query['url'] ?? null ) ) {
		return pubnet_widgets_errors( array( 'url' => array( 'Enter an absolute http(s) URL.' ) ) );
	}
	// Routes that name a website go only to the configured one (api-contract §13); a `?key=`
	// the route does not forward (an ad slot's) must name it too.
	$pin   = (string) ( $policy['pin'] ?? '' );
	$given = isset( $params['key'] ) && is_string( $params['key'] ) && '' !== $params['key'] ? $params['key'] : null;
	if ( '' === $website && ( '' !== $pin || null !== $given ) ) {
		return pubnet_widgets_forbidden();
	}
	if ( null !== $given && $given !== $website ) {
		return pubnet_widgets_forbidden();
	}
	if ( 'key' === $pin ) {
		$query['key'] = $website;
	}
	if ( 'token' === $pin && ( $route['params']['token'] ?? '' ) !== $website ) {
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
	if ( null !== $body && in_array( $route['key'], array( 'offers.trackingLink', 'products.trackingLink' ), true ) ) {
		$refusal = pubnet_widgets_check_link_site( $route, $body, $settings['deep_link_hosts'] );
		if ( $refusal ) {
			// A deep link refused, an offer or product not known: "no link", an expected outcome (§14).
			return pubnet_widgets_outcome( $route, $refusal );
		}
	}

	$answer = pubnet_widgets_call( $route, $query, $body );
	// The proxy's own 429 and 502 as they are; the API's answer an expected outcome when the route lists its status.
	return $answer instanceof WP_REST_Response ? $answer : pubnet_widgets_outcome( $route, pubnet_widgets_upstream_answer( $answer[0], $answer[1] ) );
}
