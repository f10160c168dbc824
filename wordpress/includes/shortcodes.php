<?php
/**
 * The shortcodes: [pubnet_adslot], [pubnet_products], [pubnet_offer_link]text[/pubnet_offer_link].
 * Their attributes are checked in includes/elements.php (invalid ones dropped).
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

add_action(
	'init',
	static function () {
		add_shortcode(
			'pubnet_adslot',
			static fn( $atts ) => pubnet_widgets_adslot_html(
				shortcode_atts( array( 'adslot' => '', 'sid' => '' ), (array) $atts, 'pubnet_adslot' )
			)
		);
		add_shortcode(
			'pubnet_products',
			static fn( $atts ) => pubnet_widgets_products_html(
				shortcode_atts(
					array_fill_keys( array( 'query', 'brand', 'category', 'offer', 'min_price', 'max_price', 'sale', 'ordering', 'limit', 'columns', 'layout', 'sid' ), '' ),
					(array) $atts,
					'pubnet_products'
				)
			)
		);
		add_shortcode(
			'pubnet_offer_link',
			static fn( $atts, $content = '' ) => pubnet_widgets_offer_link_html(
				shortcode_atts( array( 'offer' => '', 'deep_link' => '', 'sid' => '' ), (array) $atts, 'pubnet_offer_link' ),
				(string) $content
			)
		);
	}
);
