<?php
/**
 * The pubnet/adslot block: the element (or the proxy's rendered element), see
 * includes/elements/render.php.
 *
 * @package pubnet-widgets
 * @var array $attributes The block's attributes.
 */

defined( 'ABSPATH' ) || exit;

echo pubnet_widgets_adslot_html( (array) $attributes ); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped by pubnet_widgets_element(), or the proxy's own escaped HTML.
