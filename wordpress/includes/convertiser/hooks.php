<?php
/**
 * The hooks of the network plugin's shortcodes (includes/convertiser/shortcodes.php).
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

// Late on `init`, when another plugin (the network's own, still active) has had its turn.
add_action( 'init', 'pubnet_widgets_register_convertiser_shortcodes', 1000 );
add_action( 'wp_enqueue_scripts', 'pubnet_widgets_convertiser_style' );
