<?php
/**
 * Removes what the plugin stored, on every site of a network: the option
 * `pubnet_widgets_settings`, its bounded stores (`pubnet_widgets_api_cache`: the proxy's
 * answers, `pubnet_widgets_render_cache`: rendered HTML, `pubnet_widgets_clients`: the
 * per-client budgets, `pubnet_widgets_lexicon`: the in-text lexicon,
 * `pubnet_widgets_intext_cache`: the in-text links made), the lexicon's state
 * (`pubnet_widgets_lexicon_state`), and the transients earlier versions kept (`pubnet_w_*`).
 * What an external object cache holds expires by itself (5 minutes at most; a day for in-text
 * links, 30 days for the lexicon).
 *
 * @package pubnet-widgets
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

/** The option and the transients of the current site. */
function pubnet_widgets_uninstall_site(): void {
	global $wpdb;
	foreach ( array( 'pubnet_widgets_settings', 'pubnet_widgets_api_cache', 'pubnet_widgets_render_cache', 'pubnet_widgets_clients', 'pubnet_widgets_lexicon', 'pubnet_widgets_intext_cache', 'pubnet_widgets_lexicon_state' ) as $option ) {
		delete_option( $option );
	}
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
