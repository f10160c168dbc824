<?php
/**
 * The Auto-linking section of the settings page (Settings → Pubnet Widgets → Auto-linking; embed
 * contract, "Auto-linking setting"): its fields, which includes/autolink/settings.php sanitises,
 * and its notice.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** The Auto-linking section and its fields, each with its exact label, after the main section. */
function pubnet_widgets_register_autolink_fields(): void {
	add_settings_section(
		'pubnet_widgets_autolink',
		__( 'Auto-linking', 'pubnet-widgets' ),
		static function () {
			echo '<p>' . esc_html__( 'Turns the plain links of your posts and comments to the network\'s merchants into tracking links, with the reader\'s consent: a link is asked about when it nears the screen, and rewritten when the reader points at it. A rewritten link gets rel="sponsored" and keeps its original address in data-pubnet-href. Links to this site, and links in the widgets, are never touched.', 'pubnet-widgets' ) . '</p>';
		},
		'pubnet-widgets'
	);
	$fields = array(
		'autolink'                 => __( 'Auto-linking', 'pubnet-widgets' ),
		'autolink_where'           => __( 'Where', 'pubnet-widgets' ),
		'autolink_exclude_domains' => __( 'Excluded domains', 'pubnet-widgets' ),
		'autolink_include_classes' => __( 'Include CSS classes', 'pubnet-widgets' ),
		'autolink_exclude_classes' => __( 'Exclude CSS classes', 'pubnet-widgets' ),
		'autolink_consent'         => __( 'Consent', 'pubnet-widgets' ),
	);
	foreach ( $fields as $key => $label ) {
		$args = array( 'key' => $key );
		if ( ! in_array( $key, array( 'autolink_where', 'autolink_consent' ), true ) ) {
			$args['label_for'] = 'pubnet_widgets_' . $key;
		}
		add_settings_field( 'pubnet_widgets_' . $key, $label, 'pubnet_widgets_render_autolink_field', 'pubnet-widgets', 'pubnet_widgets_autolink', $args );
	}
}

/**
 * One field of the Auto-linking section (admin/fields.php makes its parts).
 *
 * @param array $args `key`: the field's key.
 */
function pubnet_widgets_render_autolink_field( array $args ): void {
	$settings = pubnet_widgets_settings();
	$key      = $args['key'];

	switch ( $key ) {
		case 'autolink':
			pubnet_widgets_field_checkbox( 'autolink', 'pubnet_widgets_autolink' );
			pubnet_widgets_field_note( __( 'Off by default. Off, nothing of auto-linking is on your pages.', 'pubnet-widgets' ) );
			break;
		case 'autolink_where':
			echo '<fieldset><legend class="screen-reader-text">' . esc_html__( 'Where', 'pubnet-widgets' ) . '</legend>';
			foreach ( array(
				'autolink_content'  => __( 'Post content', 'pubnet-widgets' ),
				'autolink_comments' => __( 'Comments', 'pubnet-widgets' ),
			) as $flag => $label ) {
				echo '<label>';
				pubnet_widgets_field_checkbox( $flag );
				echo ' ' . esc_html( $label ) . '</label><br>';
			}
			echo '</fieldset>';
			pubnet_widgets_field_note( __( 'The text of posts and pages, and of comments (not a commenter\'s website link).', 'pubnet-widgets' ) );
			break;
		case 'autolink_exclude_domains':
			pubnet_widgets_field_list( $key, 'shop.example' );
			pubnet_widgets_field_note( __( 'Links to these domains, and to their subdomains, are never rewritten. One per line, or separated by commas: host names only (shop.example, without https:// or a path).', 'pubnet-widgets' ) );
			break;
		case 'autolink_include_classes':
			pubnet_widgets_field_list( $key, 'affiliate-links' );
			pubnet_widgets_field_note( __( 'Links inside elements with one of these CSS classes (or with it themselves) are rewritten too, anywhere on the page: a sidebar, a template. One per line, or separated by commas.', 'pubnet-widgets' ) );
			break;
		case 'autolink_exclude_classes':
			pubnet_widgets_field_list( $key, 'no-affiliate' );
			pubnet_widgets_field_note( __( 'Links inside elements with one of these CSS classes (or with it themselves) are never rewritten. One per line, or separated by commas. A single link can also be kept as it is with data-pubnet="off".', 'pubnet-widgets' ) );
			break;
		case 'autolink_consent':
			echo '<fieldset><legend class="screen-reader-text">' . esc_html__( 'Consent', 'pubnet-widgets' ) . '</legend>';
			$choices = array(
				'tcf'    => __( 'The page\'s TCF consent platform (CMP)', 'pubnet-widgets' ),
				'always' => __( 'Always', 'pubnet-widgets' ),
			);
			foreach ( $choices as $value => $label ) {
				printf( '<label><input type="radio" name="%s" value="%s"%s> %s</label><br>', esc_attr( pubnet_widgets_field_name( 'autolink_consent' ) ), esc_attr( $value ), checked( $settings['autolink_consent'], $value, false ), esc_html( $label ) );
			}
			echo '</fieldset>';
			pubnet_widgets_field_note( __( 'With the consent platform (a TCF v2.2 CMP, such as your cookie banner), links are rewritten only once the reader consents to purpose 1; on a page without one, they are rewritten. Always: rewritten without asking it. Either way, nothing is rewritten for a reader whose browser sends Global Privacy Control.', 'pubnet-widgets' ) );
			break;
	}
}

/** The Auto-linking notice of the settings page: on, with nowhere to work. */
function pubnet_widgets_autolink_notices(): void {
	$settings = pubnet_widgets_settings();
	if ( $settings['autolink'] && ! pubnet_widgets_autolink_on() ) {
		echo '<div class="notice notice-warning"><p>' . esc_html__( 'Auto-linking is on, but with nowhere to work: tick Post content or Comments, or give an include class.', 'pubnet-widgets' ) . '</p></div>';
	}
}
