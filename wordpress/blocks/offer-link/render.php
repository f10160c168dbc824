<?php
/**
 * The pubnet/offer-link block: the element around its text, see includes/elements/render.php.
 *
 * @package pubnet-widgets
 * @var array $attributes The block's attributes.
 */

defined( 'ABSPATH' ) || exit;

$pubnet_widgets_text = isset( $attributes['text'] ) && is_string( $attributes['text'] ) ? $attributes['text'] : '';
echo pubnet_widgets_offer_link_html( (array) $attributes, $pubnet_widgets_text ); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped by pubnet_widgets_offer_link_html().
