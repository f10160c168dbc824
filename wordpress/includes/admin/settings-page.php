<?php
/**
 * Settings → Pubnet Widgets (options-general.php?page=pubnet-widgets): the Settings API form of
 * `pubnet_widgets_settings`. The token field is always empty; the page says only "set" or "not set".
 * The Auto-linking section's fields are includes/admin/autolink-section.php's, In-text links' and
 * the lexicon's includes/admin/intext-section.php's.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** The page, under Settings, for users who can manage options. */
function pubnet_widgets_add_settings_page(): void {
	add_options_page(
		__( 'Pubnet Widgets', 'pubnet-widgets' ),
		__( 'Pubnet Widgets', 'pubnet-widgets' ),
		'manage_options',
		'pubnet-widgets',
		'pubnet_widgets_render_page'
	);
}

/** The fields of the page, each with its exact label. */
function pubnet_widgets_register_fields(): void {
	add_settings_section( 'pubnet_widgets_main', '', '__return_null', 'pubnet-widgets' );
	$fields = array(
		'token'           => __( 'API token', 'pubnet-widgets' ),
		'website_key'     => __( 'Website key', 'pubnet-widgets' ),
		'sid'             => __( 'SubID', 'pubnet-widgets' ),
		'api_base'        => __( 'API base URL', 'pubnet-widgets' ),
		'proxy'           => __( 'Proxy', 'pubnet-widgets' ),
		'render_endpoint' => __( 'Render endpoint', 'pubnet-widgets' ),
		'deep_link_hosts' => __( 'Deep-link hosts', 'pubnet-widgets' ),
	);
	foreach ( $fields as $key => $label ) {
		$args = array( 'key' => $key );
		if ( 'proxy' !== $key ) {
			$args['label_for'] = 'pubnet_widgets_' . $key;
		}
		add_settings_field( 'pubnet_widgets_' . $key, $label, 'pubnet_widgets_render_field', 'pubnet-widgets', 'pubnet_widgets_main', $args );
	}
}

/** The page: the form posts to options.php with the nonce of settings_fields(). */
function pubnet_widgets_render_page(): void {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1>';
	pubnet_widgets_page_notices();
	echo '<form action="' . esc_url( admin_url( 'options.php' ) ) . '" method="post">';
	settings_fields( 'pubnet_widgets' );
	do_settings_sections( 'pubnet-widgets' );
	submit_button();
	echo '</form>';
	pubnet_widgets_render_lexicon_box();
	echo '</div>';
}

/** The page's notices: what the settings as they are keep the plugin from doing. */
function pubnet_widgets_page_notices(): void {
	$settings = pubnet_widgets_settings();
	if ( '' === $settings['website_key'] ) {
		echo '<div class="notice notice-warning"><p>' . esc_html__( 'No Website key is set: the built-in proxy refuses (403) every request that names a website (product searches, tracking links, statistics, token pages) until it is. Enter the website\'s guid below.', 'pubnet-widgets' ) . '</p></div>';
	}
	if ( ! pubnet_widgets_may_set_urls() ) {
		echo '<div class="notice notice-info"><p>' . esc_html__( 'The API base URL and the render endpoint, which this site\'s server fetches, and the external proxy\'s URL can be changed only by a user who may post unfiltered HTML.', 'pubnet-widgets' ) . '</p></div>';
	}
	if ( 'builtin' === $settings['proxy'] && '' === (string) get_option( 'permalink_structure' ) ) {
		echo '<div class="notice notice-warning"><p>' . esc_html__( 'The built-in proxy needs pretty permalinks (Settings → Permalinks): with plain permalinks its URL has a query string, which the widgets cannot use as their API base.', 'pubnet-widgets' ) . '</p></div>';
	}
	pubnet_widgets_autolink_notices();
	pubnet_widgets_intext_notices();
}

/**
 * One field's input.
 *
 * @param array $args `key`: the setting's key.
 */
function pubnet_widgets_render_field( array $args ): void {
	$settings = pubnet_widgets_settings();
	$key      = $args['key'];
	$name     = PUBNET_WIDGETS_OPTION . '[' . $key . ']';
	$id       = 'pubnet_widgets_' . $key;
	$input    = static function ( $type, $name, $id, $value, $extra = '' ) {
		printf( '<input type="%s" name="%s" id="%s" value="%s" class="regular-text"%s>', esc_attr( $type ), esc_attr( $name ), esc_attr( $id ), esc_attr( $value ), $extra ); // phpcs:ignore WordPress.Security.EscapeOutput -- $extra is a literal.
	};
	// The URLs the server fetches: read-only for a user who may not set them.
	$url_extra = pubnet_widgets_may_set_urls() ? '' : ' readonly';

	switch ( $key ) {
		case 'token':
			// Never printed back: the field is empty, the page says whether one is stored.
			$input( 'password', $name, $id, '', ' autocomplete="new-password"' );
			echo ' <strong>' . esc_html( '' !== $settings['token'] ? __( 'set', 'pubnet-widgets' ) : __( 'not set', 'pubnet-widgets' ) ) . '</strong>';
			echo '<br><label><input type="checkbox" name="' . esc_attr( PUBNET_WIDGETS_OPTION . '[token_clear]' ) . '" value="1"> ' . esc_html__( 'Clear the stored token', 'pubnet-widgets' ) . '</label>';
			pubnet_widgets_field_note( __( 'Kept on the server and used by the built-in proxy only. Leave empty to keep the stored token.', 'pubnet-widgets' ) );
			break;
		case 'website_key':
			$input( 'text', $name, $id, $settings[ $key ], ' placeholder="xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"' );
			pubnet_widgets_field_note( __( 'The website guid: the public website key.', 'pubnet-widgets' ) );
			break;
		case 'sid':
			$input( 'text', $name, $id, $settings[ $key ], ' maxlength="32" pattern="[A-Za-z0-9_\-]{0,32}"' );
			pubnet_widgets_field_note( __( 'Default SubID: at most 32 characters of A-Z, a-z, 0-9, "_" and "-". A shortcode\'s or block\'s own sid wins.', 'pubnet-widgets' ) );
			break;
		case 'api_base':
			$input( 'url', $name, $id, $settings[ $key ], $url_extra );
			pubnet_widgets_field_note( __( 'Where the built-in proxy sends requests: https (http only on this machine, for development). Default: https://api.convertiser.com/', 'pubnet-widgets' ) );
			break;
		case 'proxy':
			echo '<fieldset><legend class="screen-reader-text">' . esc_html__( 'Proxy', 'pubnet-widgets' ) . '</legend>';
			$choices = array(
				'builtin'  => __( 'Built-in (this site\'s REST API)', 'pubnet-widgets' ),
				'external' => __( 'External pubnet-proxy at this URL:', 'pubnet-widgets' ),
			);
			foreach ( $choices as $value => $label ) {
				printf( '<label><input type="radio" name="%s" value="%s"%s> %s</label><br>', esc_attr( $name ), esc_attr( $value ), checked( $settings['proxy'], $value, false ), esc_html( $label ) );
			}
			$input( 'url', PUBNET_WIDGETS_OPTION . '[proxy_url]', 'pubnet_widgets_proxy_url', $settings['proxy_url'], ' aria-label="' . esc_attr__( 'External proxy URL', 'pubnet-widgets' ) . '"' . $url_extra );
			echo '</fieldset>';
			/* translators: %s: the built-in proxy's URL. */
			pubnet_widgets_field_note( sprintf( __( 'The built-in proxy answers at %s.', 'pubnet-widgets' ), rest_url( 'pubnet/v1/api/' ) ) );
			break;
		case 'render_endpoint':
			$input( 'url', $name, $id, $settings[ $key ], $url_extra );
			pubnet_widgets_field_note( __( 'Optional: the https base URL of a pubnet-proxy whose /render/ routes give server-rendered HTML for ad slots and product grids. Only the widgets\' own elements and attributes of its HTML are printed.', 'pubnet-widgets' ) );
			break;
		case 'deep_link_hosts':
			printf( '<textarea name="%s" id="%s" rows="3" class="regular-text" placeholder="partner.example">%s</textarea>', esc_attr( $name ), esc_attr( $id ), esc_textarea( implode( "\n", $settings['deep_link_hosts'] ) ) );
			pubnet_widgets_field_note( __( 'Tracking links made through the built-in proxy lead only to the offer\'s own site (the host of its page, or any host of the same domain). List other hosts they may lead to, one per line: each is one exact host name (www.partner.example and partner.example are two).', 'pubnet-widgets' ) );
			break;
	}
}

/**
 * The plugin's links in the plugins list, with a "Settings" link first (beside Deactivate).
 *
 * @param array $links The links WordPress gives.
 */
function pubnet_widgets_action_links( $links ) {
	$url = admin_url( 'options-general.php?page=pubnet-widgets' );
	array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'pubnet-widgets' ) . '</a>' );
	return $links;
}
