<?php
/**
 * The settings page's hooks (includes/admin/settings-page.php,
 * includes/admin/autolink-section.php, includes/admin/intext-section.php), and the option's
 * registration (includes/common/settings.php).
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

// On every request, not only in wp-admin: its sanitize callback is the option's.
add_action( 'init', 'pubnet_widgets_register_setting' );

add_action( 'admin_menu', 'pubnet_widgets_add_settings_page' );

// The page's sections in their order: the main one, Auto-linking, In-text links.
add_action( 'admin_init', 'pubnet_widgets_register_fields' );
add_action( 'admin_init', 'pubnet_widgets_register_autolink_fields' );
add_action( 'admin_init', 'pubnet_widgets_register_intext_fields' );

// The Rebuild lexicon button (admin-post.php), for users who can manage options.
add_action( 'admin_post_' . PUBNET_WIDGETS_REBUILD_ACTION, 'pubnet_widgets_rebuild_lexicon_action' );

// A "Settings" link beside Deactivate in the plugins list.
add_filter( 'plugin_action_links_' . plugin_basename( PUBNET_WIDGETS_FILE ), 'pubnet_widgets_action_links' );
