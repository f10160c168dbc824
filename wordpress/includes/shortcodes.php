<?php
/**
 * The shortcodes, one per element that has one (includes/element-table.php):
 * [pubnet_adslot], [pubnet_products], [pubnet_offer_link]text[/pubnet_offer_link],
 * [pubnet_price_comparison]lead[/pubnet_price_comparison].
 * Their attributes are checked in includes/elements.php (invalid ones dropped), by the
 * element's own function when the plugin has one, else as pubnet_widgets_element_html() does.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

add_action(
	'init',
	static function () {
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
					$atts = shortcode_atts( $defaults, (array) $atts, $shortcode );
					return function_exists( $own )
						? $own( $atts, (string) $content )
						: pubnet_widgets_element_html( $tag, $atts, (string) $content );
				}
			);
		}
	}
);
