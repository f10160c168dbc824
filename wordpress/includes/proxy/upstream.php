<?php
/**
 * One API call of the built-in proxy (includes/proxy/endpoint.php, includes/proxy/link-site.php):
 * from the bounded store (includes/common/store.php) when it is cacheable and kept, else upstream
 * when the client's budget (includes/proxy/rate-limit.php) allows it, with the token added on the
 * server.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

const PUBNET_WIDGETS_API_TTL     = 300;
const PUBNET_WIDGETS_API_TIMEOUT = 8;

/**
 * One API call as the proxy makes it: from the bounded store when it is cacheable and kept;
 * else, when the client's budget allows, upstream (a 2xx JSON answer of a cacheable route then
 * kept 5 minutes). Identical cacheable calls in flight in several PHP processes make one API
 * call: the first holds a named lock for its key, the others wait for it (as long as the API
 * may take) and then find its answer kept. Gives the API's status and body, or the answer to
 * give instead (429 with Retry-After, 502).
 *
 * @param array       $route A resolved route (pubnet_widgets_resolve_route()).
 * @param array       $query Its checked query, sorted.
 * @param string|null $body  Its canonical JSON body.
 * @return array|WP_REST_Response array( status, body ).
 */
function pubnet_widgets_call( array $route, array $query, ?string $body ) {
	$settings = pubnet_widgets_settings();
	$search   = $query ? '?' . http_build_query( $query, '', '&', PHP_QUERY_RFC3986 ) : '';
	$url      = trailingslashit( $settings['api_base'] ) . ltrim( $route['path'], '/' ) . $search;
	if ( empty( $route['policy']['cache'] ) ) {
		return pubnet_widgets_upstream( $route, $url, $body, null );
	}
	// Only what the answer depends on: method, canonical path and kept query, the body, the configuration.
	$key = md5( implode( "\n", array( $route['method'], $route['path'] . $search, null === $body ? '' : md5( $body ), $settings['api_base'], $settings['website_key'] ) ) );
	$hit = pubnet_widgets_store_get( 'api', $key );
	if ( isset( $hit['status'], $hit['body'] ) ) {
		return array( (int) $hit['status'], (string) $hit['body'] );
	}
	$call = static function () use ( $route, $url, $body, $key ) {
		$hit = pubnet_widgets_store_get( 'api', $key, true );
		if ( isset( $hit['status'], $hit['body'] ) ) {
			return array( (int) $hit['status'], (string) $hit['body'] ); // Another process's call.
		}
		return pubnet_widgets_upstream( $route, $url, $body, $key );
	};
	// Without the lock in time, the call is made all the same.
	return pubnet_widgets_locked( 'call:' . $key, $call, PUBNET_WIDGETS_API_TIMEOUT + 1 ) ?? pubnet_widgets_upstream( $route, $url, $body, $key );
}

/**
 * The API call itself, if the client's budget allows it; its 2xx JSON answer kept under `key`.
 *
 * @param array       $route A resolved route.
 * @param string      $url   The API URL.
 * @param string|null $body  Its canonical JSON body.
 * @param string|null $key   The store's key (null: not cacheable).
 * @return array|WP_REST_Response array( status, body ).
 */
function pubnet_widgets_upstream( array $route, string $url, ?string $body, ?string $key ) {
	$wait = pubnet_widgets_take_token();
	if ( $wait > 0 ) {
		return pubnet_widgets_too_many( $wait );
	}
	$headers = array( 'Accept' => 'application/json' );
	if ( ! $route['public'] ) {
		$headers['Authorization'] = 'Token ' . pubnet_widgets_settings()['token'];
	}
	if ( null !== $body ) {
		$headers['Content-Type'] = 'application/json';
	}
	$response = pubnet_widgets_safe_request(
		$url,
		array(
			'method'     => $route['method'],
			'timeout'    => PUBNET_WIDGETS_API_TIMEOUT,
			'headers'    => $headers,
			'body'       => $body,
			'user-agent' => 'pubnet-widgets-wordpress/' . PUBNET_WIDGETS_VERSION,
		)
	);
	unset( $headers );
	if ( is_wp_error( $response ) ) {
		// The error's message is not passed on: only that the API could not be reached.
		return pubnet_widgets_detail( 502, 'The API could not be reached.' );
	}
	$status = (int) wp_remote_retrieve_response_code( $response );
	$text   = (string) wp_remote_retrieve_body( $response );
	if ( null !== $key && $status >= 200 && $status < 300 && '' !== trim( $text ) ) {
		json_decode( $text );
		if ( JSON_ERROR_NONE === json_last_error() ) {
			pubnet_widgets_store_set( 'api', $key, array( 'status' => $status, 'body' => $text ), PUBNET_WIDGETS_API_TTL, $text );
		}
	}
	return array( $status, $text );
}
