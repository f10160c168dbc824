<?php
/**
 * The elements' HTML, for shortcodes and blocks alike: their attributes checked (invalid
 * ones dropped, never echoed), named as the elements read them (`website-key`, `sale`,
 * `min-price`, `max-price`, `deep-link`), every value escaped with esc_attr.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The elements (includes/elements/element-table.php, generated from the registry of
 * elements): tag => `attributes` (all it observes), `shortcode`, `block`, `render` (its route
 * under /render/).
 */
function pubnet_widgets_elements(): array {
	static $table = null;
	if ( null === $table ) {
		$file  = PUBNET_WIDGETS_DIR . '/includes/elements/element-table.php';
		$table = is_readable( $file ) ? include $file : array();
		$table = is_array( $table ) ? $table : array();
	}
	return $table;
}

/** The orderings the API knows (api-contract §5). */
const PUBNET_WIDGETS_ORDERINGS = array( '-score', 'price', '-price', '-discount', '-updated_at', 'title' );

/** The site's language as a language tag (`pl-PL`), or '' when it is none. */
function pubnet_widgets_lang(): string {
	$lang = (string) get_bloginfo( 'language' );
	return strlen( $lang ) <= 35 && preg_match( '/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/', $lang ) ? $lang : '';
}

/**
 * A shortcode's or block's value as a trimmed string ('' for anything else).
 *
 * @param array  $atts The attributes.
 * @param string $name The attribute's name.
 */
function pubnet_widgets_att( array $atts, string $name ): string {
	$value = $atts[ $name ] ?? '';
	if ( is_bool( $value ) ) {
		return $value ? '1' : '';
	}
	return is_scalar( $value ) ? trim( (string) $value ) : '';
}

/**
 * A number within bounds as a string, or '' when `value` is none.
 *
 * @param string     $value The value.
 * @param float      $min   Least value.
 * @param float|null $max   Greatest value; with it, whole numbers only.
 */
function pubnet_widgets_number( string $value, float $min, ?float $max = null ): string {
	if ( ! is_numeric( $value ) || ! is_finite( (float) $value ) || (float) $value < $min ) {
		return '';
	}
	if ( null === $max ) {
		return (string) ( 0 + $value );
	}
	return (string) (int) min( $max, round( (float) $value ) );
}

/** Whether a flag is on: `1`, `true`, `yes`, `on`. */
function pubnet_widgets_flag( string $value ): bool {
	return in_array( strtolower( $value ), array( '1', 'true', 'yes', 'on' ), true );
}

/**
 * The attributes every element gets: api, website-key, sid (the shortcode's own wins), lang.
 *
 * @param array $atts The shortcode's or block's attributes.
 */
function pubnet_widgets_common_attributes( array $atts ): array {
	$settings = pubnet_widgets_settings();
	$sid      = pubnet_widgets_att( $atts, 'sid' );
	return array(
		'api'         => pubnet_widgets_api_url(),
		'website-key' => $settings['website_key'],
		'sid'         => pubnet_widgets_is_sid( $sid ) ? $sid : $settings['sid'],
		'lang'        => pubnet_widgets_lang(),
	);
}

/**
 * `<pubnet-adslot>`'s own attributes, or null without a valid ad slot id.
 *
 * @param array $atts `adslot`, `sid`.
 */
function pubnet_widgets_adslot_attributes( array $atts ): ?array {
	$adslot = pubnet_widgets_att( $atts, 'adslot' );
	return pubnet_widgets_is_uuid( $adslot ) ? array( 'adslot' => strtolower( $adslot ) ) : null;
}

/**
 * `<pubnet-product-grid>`'s own attributes; invalid values are left out.
 *
 * @param array $atts query, brand, category, offer, min_price, max_price, sale, ordering, limit, columns, layout.
 */
function pubnet_widgets_grid_attributes( array $atts ): array {
	$out = array();
	foreach ( array( 'query', 'brand', 'category' ) as $name ) {
		$out[ $name ] = substr( sanitize_text_field( pubnet_widgets_att( $atts, $name ) ), 0, 200 );
	}
	$offers = array_filter( explode( '|', pubnet_widgets_att( $atts, 'offer' ) ), 'strlen' );
	if ( $offers && count( $offers ) === count( array_filter( $offers, 'pubnet_widgets_is_uuid' ) ) ) {
		$out['offer'] = strtolower( implode( '|', $offers ) );
	}
	$out['min-price'] = pubnet_widgets_number( pubnet_widgets_att( $atts, 'min_price' ), 0 );
	$out['max-price'] = pubnet_widgets_number( pubnet_widgets_att( $atts, 'max_price' ), 0 );
	if ( pubnet_widgets_flag( pubnet_widgets_att( $atts, 'sale' ) ) ) {
		$out['sale'] = true;
	}
	$ordering = pubnet_widgets_att( $atts, 'ordering' );
	if ( in_array( $ordering, PUBNET_WIDGETS_ORDERINGS, true ) ) {
		$out['ordering'] = $ordering;
	}
	$out['limit']   = pubnet_widgets_number( pubnet_widgets_att( $atts, 'limit' ), 1, 48 );
	$out['columns'] = pubnet_widgets_number( pubnet_widgets_att( $atts, 'columns' ), 1, 6 );
	$layout         = pubnet_widgets_att( $atts, 'layout' );
	if ( in_array( $layout, array( 'grid', 'list' ), true ) ) {
		$out['layout'] = $layout;
	}
	return $out;
}

/**
 * `<pubnet-offer-link>`'s own attributes, or null without a valid offer id.
 *
 * @param array $atts `offer`, `deep_link`.
 */
function pubnet_widgets_offer_link_attributes( array $atts ): ?array {
	$offer = pubnet_widgets_att( $atts, 'offer' );
	if ( ! pubnet_widgets_is_uuid( $offer ) ) {
		return null;
	}
	$deep_link = pubnet_widgets_att( $atts, 'deep_link' );
	return array(
		'offer'     => strtolower( $offer ),
		'deep-link' => pubnet_widgets_is_http_url( $deep_link ) ? $deep_link : '',
	);
}

/** The parts a price comparison's row may show (`show`, space-separated). */
const PUBNET_WIDGETS_COMPARISON_PARTS = array( 'image', 'logo', 'brand' );

/**
 * `<pubnet-price-comparison>`'s own attributes, or null without a valid `gtin`, `mpn` or
 * `query` (what it searches by); other invalid values are left out.
 *
 * @param array $atts gtin, mpn, query, ordering, limit, show.
 */
function pubnet_widgets_price_comparison_attributes( array $atts ): ?array {
	$out  = array();
	$gtin = pubnet_widgets_att( $atts, 'gtin' );
	// A GTIN (EAN, UPC) is 8 to 14 digits, found exactly.
	$out['gtin'] = preg_match( '/^\d{8,14}$/', $gtin ) ? $gtin : '';
	foreach ( array( 'mpn', 'query' ) as $name ) {
		$out[ $name ] = substr( sanitize_text_field( pubnet_widgets_att( $atts, $name ) ), 0, 200 );
	}
	if ( '' === $out['gtin'] && '' === $out['mpn'] && '' === $out['query'] ) {
		return null;
	}
	$ordering = pubnet_widgets_att( $atts, 'ordering' );
	if ( in_array( $ordering, array( 'price', '-price' ), true ) ) {
		$out['ordering'] = $ordering;
	}
	$out['limit'] = pubnet_widgets_number( pubnet_widgets_att( $atts, 'limit' ), 1, 48 );
	// Space-separated parts, each one the element knows; written with single spaces, once each.
	$parts = preg_split( '/[\t\n\f\r ]+/', pubnet_widgets_att( $atts, 'show' ), -1, PREG_SPLIT_NO_EMPTY );
	if ( $parts && ! array_diff( $parts, PUBNET_WIDGETS_COMPARISON_PARTS ) ) {
		$out['show'] = implode( ' ', array_unique( $parts ) );
	}
	return $out;
}

/** The loan types of the payday-loans page (`type`: one, or both as `short_term|long_term`). */
const PUBNET_WIDGETS_LOAN_TYPES = array( 'short_term', 'long_term' );

/** How loan offers may be ordered (higher first). */
const PUBNET_WIDGETS_LOAN_ORDERINGS = array( 'rating', 'max_loan_amount', 'max_loan_period', 'first_loan_max_amount', 'first_loan_max_period' );

/**
 * The flags of the shortcodes, as they write them: on when given bare (`[pubnet_loan_offers
 * no_bik]`, as an HTML attribute is) or as `1`, `true`, `yes`, `on`.
 */
const PUBNET_WIDGETS_FLAGS = array( 'sale', 'first_loan_free', 'no_bik', 'no_income_proof' );

/**
 * `|`-separated values, each trimmed (empty ones dropped), every one of them valid by `$valid`
 * and at most 50, written once each in their order with `|`; '' when there is none or one is
 * invalid.
 *
 * @param string   $value The value.
 * @param callable $valid Whether one item is valid.
 */
function pubnet_widgets_list( string $value, callable $valid ): string {
	$items = array_values( array_filter( array_map( 'trim', explode( '|', $value ) ), 'strlen' ) );
	if ( ! $items || count( $items ) > 50 || count( $items ) !== count( array_filter( $items, $valid ) ) ) {
		return '';
	}
	return implode( '|', array_unique( $items ) );
}

/**
 * `<pubnet-loan-offers>`'s own attributes; invalid values are left out. `type` is one loan
 * type or both (`short_term|long_term`); the amount (złoty), period (days) and age numbers of
 * at least 0; `only`, `exclude` and `pinned` lenders' domains (`a.pl|b.pl`: host names, written
 * in lower case); `highlight` 0–100 and `limit` 1–100 (clamped); `ordering` and `layout` values
 * the element knows; the flags bare attributes.
 *
 * @param array $atts type, loan_amount, loan_period, customer_age, first_loan_free, no_bik,
 *                    no_income_proof, only, exclude, pinned, ordering, highlight, limit, layout.
 */
function pubnet_widgets_loan_offers_attributes( array $atts ): array {
	$out         = array();
	$out['type'] = pubnet_widgets_list(
		pubnet_widgets_att( $atts, 'type' ),
		static function ( $type ) {
			return in_array( $type, PUBNET_WIDGETS_LOAN_TYPES, true );
		}
	);
	foreach ( array( 'loan_amount', 'loan_period', 'customer_age' ) as $name ) {
		$out[ str_replace( '_', '-', $name ) ] = pubnet_widgets_number( pubnet_widgets_att( $atts, $name ), 0 );
	}
	foreach ( array( 'first_loan_free', 'no_bik', 'no_income_proof' ) as $name ) {
		if ( pubnet_widgets_flag( pubnet_widgets_att( $atts, $name ) ) ) {
			$out[ str_replace( '_', '-', $name ) ] = true;
		}
	}
	foreach ( array( 'only', 'exclude', 'pinned' ) as $name ) {
		$out[ $name ] = pubnet_widgets_list( strtolower( pubnet_widgets_att( $atts, $name ) ), 'pubnet_widgets_is_host' );
	}
	$ordering = pubnet_widgets_att( $atts, 'ordering' );
	if ( in_array( $ordering, PUBNET_WIDGETS_LOAN_ORDERINGS, true ) ) {
		$out['ordering'] = $ordering;
	}
	$out['highlight'] = pubnet_widgets_number( pubnet_widgets_att( $atts, 'highlight' ), 0, 100 );
	$out['limit']     = pubnet_widgets_number( pubnet_widgets_att( $atts, 'limit' ), 1, 100 );
	$layout           = pubnet_widgets_att( $atts, 'layout' );
	if ( in_array( $layout, array( 'list', 'grid' ), true ) ) {
		$out['layout'] = $layout;
	}
	return $out;
}

/**
 * An element: `tag` with `attributes` (empty ones left out, `true` as a bare attribute) around
 * `inner` (HTML the caller escaped).
 *
 * @param string $tag        The element's name.
 * @param array  $attributes Name => value.
 * @param string $inner      Escaped HTML.
 */
function pubnet_widgets_element( string $tag, array $attributes, string $inner = '' ): string {
	$html = '<' . $tag;
	foreach ( $attributes as $name => $value ) {
		if ( true === $value ) {
			$html .= ' ' . $name;
		} elseif ( is_string( $value ) && '' !== $value ) {
			$html .= ' ' . $name . '="' . ( 'deep-link' === $name ? esc_url( $value ) : esc_attr( $value ) ) . '"';
		}
	}
	return $html . '>' . $inner . '</' . $tag . '>';
}

/**
 * The HTML of an element the plugin has no function of its own for (`pubnet_widgets_<name>_html`
 * for the shortcode `pubnet_<name>`): the shortcode's attributes that are the element's own (a
 * `-` in a name written `_`, as shortcodes write them), each trimmed and escaped, the common
 * ones from the settings, the enclosed text as text. The element checks the values itself
 * (an invalid one is ignored, with a warning in the browser's console).
 *
 * @param string $tag     The element.
 * @param array  $atts    The shortcode's attributes.
 * @param string $content The enclosed text, if any.
 */
function pubnet_widgets_element_html( string $tag, array $atts, string $content = '' ): string {
	$common = pubnet_widgets_common_attributes( $atts );
	$own    = array();
	foreach ( pubnet_widgets_elements()[ $tag ]['attributes'] ?? array() as $name ) {
		if ( ! array_key_exists( $name, $common ) && ! in_array( $name, array( 'key', 'state', 'eager' ), true ) ) {
			$own[ $name ] = substr( sanitize_text_field( pubnet_widgets_att( $atts, str_replace( '-', '_', $name ) ) ), 0, 200 );
		}
	}
	return pubnet_widgets_element( $tag, array_merge( $own, $common ), esc_html( $content ) );
}
