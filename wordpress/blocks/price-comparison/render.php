<?php
/**
 * The pubnet/price-comparison block: the element (or the proxy's rendered element) with its
 * lead, see includes/elements/render.php.
 *
 * @package pubnet-widgets
 * @var array $attributes The block's attributes.
 */

defined( 'ABSPATH' ) || exit;

$pubnet_widgets_lead = isset( $attributes['lead'] ) && is_string( $attributes['lead'] ) ? $attributes['lead'] : '';
echo pubnet_widgets_price_comparison_html( (array) $attributes, $pubnet_widgets_lead ); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped by pubnet_widgets_price_comparison_html(), or the proxy's own escaped HTML.
