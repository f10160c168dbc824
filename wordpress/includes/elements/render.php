<?php
/**
 * What a shortcode or block prints. With a Render endpoint set, ad slots, product grids, price
 * comparisons and loan offers are asked of that pubnet-proxy's /render/ routes (2 s at most,
 * https or a loopback http, includes/common/safe-fetch.php) and its HTML is printed through
 * the allow-list of the widgets' own elements (includes/elements/allow-html.php: the proxy's
 * own markup passes byte for byte, api-contract §11 and §13), kept in the bounded store
 * (includes/common/store.php) keyed by the endpoint, the full render URL (with lang) and the
 * plugin's version. On any failure the plain element, which the bundle renders in the browser.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

const PUBNET_WIDGETS_RENDER_TTL     = 300;
const PUBNET_WIDGETS_RENDER_RETRY   = 30;
const PUBNET_WIDGETS_RENDER_TIMEOUT = 2;

/**
 * [pubnet_adslot] and pubnet/adslot.
 *
 * @param array $atts `adslot`, `sid`.
 */
function pubnet_widgets_adslot_html( array $atts ): string {
	$own = pubnet_widgets_adslot_attributes( $atts );
	if ( null === $own ) {
		return '';
	}
	$attributes = array_merge( $own, pubnet_widgets_common_attributes( $atts ) );
	$query      = array_filter(
		array(
			'key'  => $attributes['website-key'],
			'sid'  => $attributes['sid'],
			'lang' => $attributes['lang'],
		),
		'strlen'
	);
	$rendered   = pubnet_widgets_server_render( 'pubnet-adslot', 'render/adslots/' . rawurlencode( $own['adslot'] ) . '/', $query );
	pubnet_widgets_use_assets();
	return null !== $rendered ? pubnet_widgets_protect( $rendered ) : pubnet_widgets_element( 'pubnet-adslot', $attributes );
}

/**
 * [pubnet_products] and pubnet/products.
 *
 * @param array $atts As pubnet_widgets_grid_attributes() takes them, and `sid`.
 */
function pubnet_widgets_products_html( array $atts ): string {
	$attributes = array_merge( pubnet_widgets_grid_attributes( $atts ), pubnet_widgets_common_attributes( $atts ) );
	$rendered   = pubnet_widgets_server_render( 'pubnet-product-grid', 'render/product-grid/', pubnet_widgets_render_query( $attributes ) );
	pubnet_widgets_use_assets();
	return null !== $rendered ? pubnet_widgets_protect( $rendered ) : pubnet_widgets_element( 'pubnet-product-grid', $attributes );
}

/**
 * [pubnet_price_comparison]lead[/pubnet_price_comparison] and pubnet/price-comparison (its
 * `lead` attribute): the element, with the lead, when there is one, as its `<p slot="lead">`
 * child (text only: tags removed, escaped), which it shows above the rows only when there are
 * rows. With a render endpoint, the rendered element with the lead put in before its end tag.
 *
 * @param array  $atts As pubnet_widgets_price_comparison_attributes() takes them, and `sid`.
 * @param string $lead The lead's text.
 */
function pubnet_widgets_price_comparison_html( array $atts, string $lead = '' ): string {
	$own = pubnet_widgets_price_comparison_attributes( $atts );
	if ( null === $own ) {
		return '';
	}
	$attributes = array_merge( $own, pubnet_widgets_common_attributes( $atts ) );
	$lead       = trim( wp_strip_all_tags( $lead ) );
	$lead       = '' === $lead ? '' : '<p slot="lead">' . esc_html( $lead ) . '</p>';
	$tag        = 'pubnet-price-comparison';
	$rendered   = pubnet_widgets_server_render( $tag, 'render/price-comparison/', pubnet_widgets_render_query( $attributes ) );
	pubnet_widgets_use_assets();
	if ( null === $rendered ) {
		return pubnet_widgets_element( $tag, $attributes, $lead );
	}
	$end = (int) strrpos( $rendered, '</' . $tag . '>' );
	return pubnet_widgets_protect( substr( $rendered, 0, $end ) . $lead . substr( $rendered, $end ) );
}

/**
 * [pubnet_loan_offers] and pubnet/loan-offers: the website's payday-loans page as loan offers.
 *
 * @param array $atts As pubnet_widgets_loan_offers_attributes() takes them, and `sid`.
 */
function pubnet_widgets_loan_offers_html( array $atts ): string {
	$attributes = array_merge( pubnet_widgets_loan_offers_attributes( $atts ), pubnet_widgets_common_attributes( $atts ) );
	$rendered   = pubnet_widgets_server_render( 'pubnet-loan-offers', 'render/loan-offers/', pubnet_widgets_render_query( $attributes ) );
	pubnet_widgets_use_assets();
	return null !== $rendered ? pubnet_widgets_protect( $rendered ) : pubnet_widgets_element( 'pubnet-loan-offers', $attributes );
}

/**
 * What a render route takes: the element's attributes but `api` (the proxy sets its own), and
 * `lang`; a bare attribute as an empty value.
 *
 * @param array $attributes The element's attributes, as pubnet_widgets_element() takes them.
 */
function pubnet_widgets_render_query( array $attributes ): array {
	$query = array();
	foreach ( $attributes as $name => $value ) {
		if ( 'api' !== $name && ( true === $value || ( is_string( $value ) && '' !== $value ) ) ) {
			$query[ $name ] = true === $value ? '' : $value;
		}
	}
	return $query;
}

/**
 * [pubnet_offer_link]text[/pubnet_offer_link] and pubnet/offer-link: with a deep link, an
 * anchor to it (the page works without JavaScript); without, the element's own anchor.
 *
 * @param array  $atts `offer`, `deep_link`, `sid`.
 * @param string $text The link's text (tags removed, escaped).
 */
function pubnet_widgets_offer_link_html( array $atts, string $text ): string {
	$own = pubnet_widgets_offer_link_attributes( $atts );
	if ( null === $own ) {
		return '' === trim( $text ) ? '' : esc_html( wp_strip_all_tags( $text ) );
	}
	$text = trim( wp_strip_all_tags( $text ) );
	$text = esc_html( '' !== $text ? $text : __( 'Shop now', 'pubnet-widgets' ) );
	$link = '' !== $own['deep-link'] ? '<a href="' . esc_url( $own['deep-link'] ) . '">' . $text . '</a>' : $text;
	pubnet_widgets_use_assets();
	return pubnet_widgets_element( 'pubnet-offer-link', array_merge( $own, pubnet_widgets_common_attributes( $atts ) ), $link );
}

/**
 * The proxy's rendered element, or null when there is no render endpoint or it failed.
 *
 * @param string $tag   The element the answer must be.
 * @param string $route The render route, relative to the endpoint.
 * @param array  $query Its parameters (sorted here: one fragment, one URL).
 */
function pubnet_widgets_server_render( string $tag, string $route, array $query ): ?string {
	$endpoint = pubnet_widgets_settings()['render_endpoint'];
	if ( '' === $endpoint ) {
		return null;
	}
	ksort( $query, SORT_STRING );
	$url = $endpoint . $route . ( $query ? '?' . http_build_query( $query, '', '&', PHP_QUERY_RFC3986 ) : '' );
	$key = md5( $endpoint . "\n" . $url . "\n" . PUBNET_WIDGETS_VERSION );
	$hit = pubnet_widgets_store_get( 'render', $key );
	if ( isset( $hit['html'] ) ) {
		return '' === $hit['html'] ? null : (string) $hit['html'];
	}
	$response = pubnet_widgets_safe_request(
		$url,
		array(
			'method'     => 'GET',
			'timeout'    => PUBNET_WIDGETS_RENDER_TIMEOUT,
			'headers'    => array( 'Accept' => 'text/html' ),
			'user-agent' => 'pubnet-widgets-wordpress/' . PUBNET_WIDGETS_VERSION,
		)
	);
	$html = is_wp_error( $response ) || 200 !== (int) wp_remote_retrieve_response_code( $response )
		? null
		: pubnet_widgets_allow_html( (string) wp_remote_retrieve_body( $response ) );
	$ok   = null !== $html && str_starts_with( $html, '<' . $tag . ' ' ) && str_ends_with( rtrim( $html ), '</' . $tag . '>' );
	if ( ! $ok ) {
		// The plain element for a while, so the next pages do not wait for a proxy that is down.
		pubnet_widgets_store_set( 'render', $key, array( 'html' => '' ), PUBNET_WIDGETS_RENDER_RETRY, '' );
		return null;
	}
	$state = wp_remote_retrieve_header( $response, 'x-pubnet-render' );
	$state = strtolower( is_array( $state ) ? implode( ',', $state ) : (string) $state );
	// A fallback answer is kept briefly: the slot comes back soon after the API does. One over
	// 64 KiB is printed, not kept.
	pubnet_widgets_store_set( 'render', $key, array( 'html' => $html ), str_starts_with( $state, 'ready' ) ? PUBNET_WIDGETS_RENDER_TTL : PUBNET_WIDGETS_RENDER_RETRY, $html );
	return $html;
}
