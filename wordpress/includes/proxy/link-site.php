<?php
/**
 * No open redirect through the publisher's account (api-contract §13), as the Node proxy
 * decides it (src/proxy/compose/link-site.ts): a tracking link's `deep_link` and
 * `traffic_back_url`, when given, lead to the offer's own site, or to a host listed in the
 * "Deep-link hosts" setting. Anything else is refused with a 400 naming the field before the
 * tracking-link route is called.
 *
 * The offer's site is the host of its `preview_url`; a product's is the host of its own
 * `direct_link` (else its offer's). They are read through the proxy's own path (cache and the
 * client's budget), as a widget would read them: one upstream read per offer or product per TTL.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

const PUBNET_WIDGETS_LINK_FIELDS  = array( 'deep_link', 'traffic_back_url' );
const PUBNET_WIDGETS_LINK_FOREIGN = "Links may only lead to the offer's own site, or to a host this proxy allows.";
const PUBNET_WIDGETS_LINK_UNKNOWN = "The offer's site is not known, so no link can be checked against it.";

/**
 * Reads an allowed route as a widget would: its JSON object (null for none), or the answer to
 * give instead (the client is over its budget, the API failed or does not know it: 404).
 *
 * @param string      $method GET or POST.
 * @param string      $path   The API path (percent-encoded).
 * @param array       $query  Its query.
 * @param string|null $body   Its canonical JSON body.
 * @return array|null|WP_REST_Response
 */
function pubnet_widgets_read_object( string $method, string $path, array $query, ?string $body ) {
	$route = pubnet_widgets_resolve_route( $method, $path );
	if ( ! $route ) {
		return null;
	}
	$read = pubnet_widgets_call( $route, $query, $body );
	if ( $read instanceof WP_REST_Response ) {
		return $read;
	}
	list( $status, $text ) = $read;
	if ( 404 === $status || $status >= 500 ) {
		return pubnet_widgets_upstream_answer( $status, $text );
	}
	$value = $status >= 200 && $status < 300 ? json_decode( $text, true ) : null;
	return is_array( $value ) ? $value : null;
}

/**
 * The offer's site (the host of its preview_url), null when it has none, or the answer to give instead.
 *
 * @param string $uuid The offer's id.
 * @return string|null|WP_REST_Response
 */
function pubnet_widgets_offer_site( string $uuid ) {
	$offer = pubnet_widgets_read_object( 'GET', '/publisher/offers/' . rawurlencode( $uuid ) . '/', array(), null );
	if ( $offer instanceof WP_REST_Response ) {
		return $offer;
	}
	return pubnet_widgets_link_host( $offer['preview_url'] ?? null );
}

/**
 * The product's site: the host of its direct_link, else its offer's; null when neither is
 * known, or the answer to give instead (404 for a product the search does not find). The read
 * is the search a manual ad slot with this one product makes (src/client/product-search.ts).
 *
 * @param string $id      The product's id.
 * @param string $website The website key.
 * @return string|null|WP_REST_Response
 */
function pubnet_widgets_product_site( string $id, string $website ) {
	$search = (object) array(
		'filters'   => array( (object) array( 'id' => (object) array( 'lookup' => 'exact', 'value' => array( $id ) ) ) ),
		'page_size' => 1,
	);
	$page   = pubnet_widgets_read_object( 'POST', '/publisher/products/', array( 'key' => $website ), pubnet_widgets_canonical_json( $search ) );
	if ( $page instanceof WP_REST_Response ) {
		return $page;
	}
	$product = null;
	foreach ( (array) ( $page['results'] ?? array() ) as $result ) {
		if ( is_array( $result ) && ( $result['id'] ?? null ) === $id ) {
			$product = $result;
			break;
		}
	}
	if ( null === $product ) {
		return pubnet_widgets_detail( 404, 'Not found.' );
	}
	$direct = pubnet_widgets_link_host( $product['direct_link'] ?? null );
	if ( null !== $direct ) {
		return $direct;
	}
	$offer = $product['offer_id'] ?? null;
	return is_string( $offer ) && '' !== $offer ? pubnet_widgets_offer_site( $offer ) : null;
}

/**
 * The answer refusing a tracking-link request whose links lead off the offer's site (400
 * naming each such field), or the failure of reading that site; null when it may go upstream.
 *
 * @param array  $route   The resolved tracking-link route.
 * @param string $body    Its canonical JSON body (the website pinned).
 * @param array  $allowed The "Deep-link hosts" setting (lower case).
 */
function pubnet_widgets_check_link_site( array $route, string $body, array $allowed ): ?WP_REST_Response {
	$data   = json_decode( $body, true );
	$wanted = array();
	foreach ( PUBNET_WIDGETS_LINK_FIELDS as $field ) {
		if ( ! is_array( $data ) || ! isset( $data[ $field ] ) || ! is_string( $data[ $field ] ) ) {
			continue;
		}
		$host = pubnet_widgets_link_host( $data[ $field ] );
		// A host the publisher listed needs no read.
		if ( null === $host || ! in_array( $host, $allowed, true ) ) {
			$wanted[ $field ] = $host;
		}
	}
	if ( ! $wanted ) {
		return null;
	}
	$site = 'products.trackingLink' === $route['key']
		? pubnet_widgets_product_site( (string) $route['params']['id'], (string) ( $data['website'] ?? '' ) )
		: pubnet_widgets_offer_site( (string) $route['params']['uuid'] );
	if ( $site instanceof WP_REST_Response ) {
		return $site;
	}
	$errors = array();
	foreach ( $wanted as $field => $host ) {
		if ( null === $site || null === $host || ! pubnet_widgets_on_site( $host, $site ) ) {
			$errors[ $field ] = array( null === $site ? PUBNET_WIDGETS_LINK_UNKNOWN : PUBNET_WIDGETS_LINK_FOREIGN );
		}
	}
	return $errors ? pubnet_widgets_errors( $errors ) : null;
}
