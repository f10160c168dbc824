<?php
/**
 * Auto-linking's hooks (Settings → Pubnet Widgets → Auto-linking; embed contract, "Auto-linking
 * setting"): the plugin's own copy of the auto-linking file turns the plain links to the network's
 * merchants into tracking links, with the reader's consent. Off (the default), nothing of it is on
 * any page. Its settings: includes/autolink/settings.php; the links it marks:
 * includes/autolink/mark.php; its script tag: includes/autolink/script-tag.php; its section of the
 * settings page: includes/admin/autolink-section.php.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

// After shortcodes and blocks (priority 11 and less), and make_clickable in comments.
add_filter( 'the_content', static fn( $html ) => pubnet_widgets_autolink_mark( $html, 'content', 'autolink_content' ), 99 );
add_filter( 'comment_text', static fn( $html ) => pubnet_widgets_autolink_mark( $html, 'comment', 'autolink_comments' ), 99 );

add_action( 'init', 'pubnet_widgets_register_autolink_script' );
add_action( 'wp_enqueue_scripts', 'pubnet_widgets_enqueue_autolink' );
add_filter( 'script_loader_tag', 'pubnet_widgets_autolink_script_tag', 10, 3 );
