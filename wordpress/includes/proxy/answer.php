<?php
/**
 * The built-in proxy's answers: the API's status and JSON body (none of its headers), the
 * proxy's own `{"detail": …}` and field errors, and the `Allow` of a path.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** A DRF-style 400. */
function pubnet_widgets_errors( array $errors ): WP_REST_Response {
	return new WP_REST_Response( $errors, 400 );
}

/** `{"detail": …}` with `status`. */
function pubnet_widgets_detail( int $status, string $detail ): WP_REST_Response {
	return new WP_REST_Response( array( 'detail' => $detail ), $status );
}

/** The answer to a website key this site does not serve (any, while no Website key is set). */
function pubnet_widgets_forbidden(): WP_REST_Response {
	return '' === pubnet_widgets_settings()['website_key']
		? pubnet_widgets_detail( 403, 'This proxy serves no website yet: its Website key is not set (Settings → Pubnet Widgets).' )
		: pubnet_widgets_detail( 403, 'This website key is not served by this proxy.' );
}

/**
 * The API's status and JSON body; no header of the API's is passed on.
 *
 * @param int    $status The API's status.
 * @param string $text   The API's body.
 */
function pubnet_widgets_upstream_answer( int $status, string $text ): WP_REST_Response {
	if ( $status < 200 || $status > 599 ) {
		return pubnet_widgets_detail( 502, 'The API gave no usable answer.' );
	}
	if ( '' === trim( $text ) ) {
		return new WP_REST_Response( null, $status );
	}
	$data = json_decode( $text, false, 512 );
	if ( JSON_ERROR_NONE !== json_last_error() ) {
		return pubnet_widgets_detail( 502, 'The API answered with something other than JSON.' );
	}
	// A list's `next`/`previous` at the API's own address point through this proxy instead
	// (the configured site URL, never a host from the request; api-contract §12).
	$base = trailingslashit( pubnet_widgets_settings()['api_base'] );
	foreach ( array( 'next', 'previous' ) as $link ) {
		if ( $data instanceof stdClass && isset( $data->$link ) && is_string( $data->$link ) && str_starts_with( $data->$link, $base ) ) {
			$data->$link = rest_url( 'pubnet/v1/api/' ) . substr( $data->$link, strlen( $base ) );
		}
	}
	return new WP_REST_Response( $data, $status );
}

/**
 * An expected outcome on a reader's page (api-contract §14): an answer whose status the
 * route's policy lists in `outcomes` (no offer for a host, no such offer or slot, no link for
 * a closed or unknown offer or a refused deep link) goes out as 200 with the same body, its
 * status in `X-Pubnet-Status`, kept nowhere (`Cache-Control: no-store`), so the browser logs no
 * failed request. Any other answer (403, 429, 5xx, …) as it is.
 *
 * @param array            $route    A resolved route (pubnet_widgets_resolve_route()).
 * @param WP_REST_Response $response The answer to give.
 */
function pubnet_widgets_outcome( array $route, WP_REST_Response $response ): WP_REST_Response {
	$status = $response->get_status();
	if ( ! in_array( $status, (array) ( $route['policy']['outcomes'] ?? array() ), true ) ) {
		return $response;
	}
	$response->set_status( 200 );
	$response->header( 'X-Pubnet-Status', (string) $status );
	$response->header( 'Cache-Control', 'no-store' );
	return $response;
}

/**
 * The `Allow` of this request's answer (set) or, after WordPress set its own, restored (get).
 *
 * @param array|null $methods The methods, when setting.
 */
function pubnet_widgets_allow_header( ?array $methods = null ): ?array {
	static $allow = null;
	if ( null !== $methods ) {
		$allow = $methods;
	}
	return $allow;
}

/**
 * The answer of a proxy route with the proxy's `Allow` (the methods it forwards) in place of
 * WordPress's (every method registered on the route); any other answer as it is.
 *
 * @param mixed           $response The answer.
 * @param WP_REST_Server  $server   The REST server.
 * @param WP_REST_Request $request  The request.
 */
function pubnet_widgets_proxy_allow( $response, $server, $request ) {
	$allow = pubnet_widgets_allow_header();
	if ( $response instanceof WP_REST_Response && null !== $allow && 0 === stripos( (string) $request->get_route(), '/pubnet/v1/api/' ) ) {
		$headers = $response->get_headers();
		unset( $headers['Allow'] );
		if ( $allow ) {
			$headers['Allow'] = implode( ', ', $allow );
		}
		$response->set_headers( $headers );
	}
	return $response;
}

/**
 * The headers a page on another origin may read of an answer: WordPress answers the proxy's
 * routes with CORS headers of its own (rest_send_cors_headers), and X-Pubnet-Status is added
 * for them (api-contract §14). Other routes' as they are.
 *
 * @param mixed                $headers The exposed headers.
 * @param WP_REST_Request|null $request The request (WordPress 6.3 and later).
 */
function pubnet_widgets_expose_status( $headers, $request = null ) {
	// WordPress 6.3 and later pass the request; before, the route is the query's `rest_route`.
	$route = $request instanceof WP_REST_Request
		? $request->get_route()
		: ( isset( $GLOBALS['wp']->query_vars['rest_route'] ) && is_string( $GLOBALS['wp']->query_vars['rest_route'] ) ? $GLOBALS['wp']->query_vars['rest_route'] : '' );
	if ( is_array( $headers ) && 0 === stripos( $route, '/pubnet/v1/api/' ) ) {
		$headers[] = 'X-Pubnet-Status';
	}
	return $headers;
}
