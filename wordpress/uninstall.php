<?php
/**
 * Removes what the plugin stored: the option `pubnet_widgets_settings` and its transients
 * (`pubnet_w_api_*`: the proxy's answers, `pubnet_w_render_*`: rendered HTML), on every site
 * of a network. Transients kept in an external object cache expire by themselves (5 minutes).
 *
 * @package pubnet-widgets
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

/** The option and the transients of the current site. */
function pubnet_widgets_uninstall_site(): void {
	global $wpdb;
	delete_option( 'pubnet_widgets_settings' );
	foreach ( array( '_transient_pubnet_w_', '_transient_timeout_pubnet_w_' ) as $prefix ) {
		$wpdb->query( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- transients have no API to list them.
			$wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( $prefix ) . '%' )
		);
	}
}

if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids', 'number' => 0 ) ) as $pubnet_widgets_site ) {
		switch_to_blog( $pubnet_widgets_site );
		pubnet_widgets_uninstall_site();
		restore_current_blog();
	}
} else {
	pubnet_widgets_uninstall_site();
}
