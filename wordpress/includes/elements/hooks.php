<?php
/**
 * The elements' hooks: their shortcodes (includes/elements/shortcodes.php) and blocks
 * (includes/elements/blocks.php), the CDN file and pubnet.css (includes/elements/assets.php), and
 * server-rendered HTML kept from WordPress's later content passes (includes/elements/protect.php).
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

add_filter( 'no_texturize_tags', 'pubnet_widgets_no_texturize_tags' );
// Started last on template_redirect: the innermost buffer, so it gets the page first.
add_action( 'template_redirect', 'pubnet_widgets_start_buffer', PHP_INT_MAX );

add_action( 'init', 'pubnet_widgets_register_shortcodes' );
add_action( 'init', 'pubnet_widgets_register_blocks' );
add_action( 'init', 'pubnet_widgets_register_assets' );

add_action( 'wp_enqueue_scripts', 'pubnet_widgets_enqueue_style' );
// The editor's previews are the elements themselves: the bundle renders them there too.
add_action( 'enqueue_block_editor_assets', 'pubnet_widgets_use_assets' );
add_filter( 'script_loader_tag', 'pubnet_widgets_script_tag', 10, 3 );
add_filter( 'style_loader_tag', 'pubnet_widgets_style_tag', 10, 2 );
