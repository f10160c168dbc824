<?php
/**
 * The shortcodes, one per element that has one (includes/elements/element-table.php):
 * [pubnet_adslot], [pubnet_products], [pubnet_offer_link]text[/pubnet_offer_link],
 * [pubnet_price_comparison]lead[/pubnet_price_comparison], [pubnet_loan_offers].
 * Their attributes are checked in includes/elements/attributes.php (invalid ones dropped), by the
 * element's own function when the plugin has one, else as pubnet_widgets_element_html() does.
 * A flag (PUBNET_WIDGETS_FLAGS) given bare, as in `[pubnet_loan_offers no_bik]`, is on.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** Registers the shortcode of each element that has one. */
function pubnet_widgets_register_shortcodes(): void {
	foreach ( pubnet_widgets_elements() as $tag => $element ) {
		$shortcode = $element['shortcode'] ?? null;
		if ( ! is_string( $shortcode ) || 0 !== strpos( $shortcode, 'pubnet_' ) ) {
			continue;
		}
		// Its attributes as a shortcode writes them (`min_price` for `min-price`).
		$defaults = array_fill_keys( str_replace( '-', '_', (array) $element['attributes'] ), '' );
		$own      = 'pubnet_widgets_' . substr( $shortcode, strlen( 'pubnet_' ) ) . '_html';
		add_shortcode(
			$shortcode,
			static function ( $atts, $content = '' ) use ( $tag, $shortcode, $defaults, $own ) {
				$atts = (array) $atts;
				// WordPress gives a bare word (`no_bik`) a number as its key: a flag's is on,
				// unless the flag is given with a value too.
				foreach ( $atts as $key => $word ) {
					$flag = is_int( $key ) && is_string( $word ) ? strtolower( $word ) : '';
					if ( in_array( $flag, PUBNET_WIDGETS_FLAGS, true ) && array_key_exists( $flag, $defaults ) && ! isset( $atts[ $flag ] ) ) {
						$atts[ $flag ] = '1';
					}
				}
				$atts = shortcode_atts( $defaults, $atts, $shortcode );
				return function_exists( $own )
					? $own( $atts, (string) $content )
					: pubnet_widgets_element_html( $tag, $atts, (string) $content );
			}
		);
	}
}
