<?php
/**
 * The In-text links section of the settings page (Settings → Pubnet Widgets → In-text links;
 * embed contract, "In-text links setting"): its fields, which includes/intext/settings.php
 * sanitises; the lexicon's state and its Rebuild lexicon button (a form of its own, after the
 * settings' form), and their notices.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** The action of the Rebuild lexicon button (admin-post.php), and its nonce's. */
const PUBNET_WIDGETS_REBUILD_ACTION = 'pubnet_widgets_rebuild_lexicon';

/** The In-text links section and its fields, each with its exact label, after Auto-linking. */
function pubnet_widgets_register_intext_fields(): void {
	add_settings_section(
		'pubnet_widgets_intext',
		__( 'In-text links', 'pubnet-widgets' ),
		static function () {
			echo '<p>' . esc_html__( 'Links the network\'s merchants where your posts name them ("w Kaktusie", "z Sówki"), with their Polish forms: the links are made on this server as a post is shown, from the lexicon of the merchants\' names the built-in proxy reads from the API, so they are in the page without JavaScript; auto-linking then makes them tracking links with the reader\'s consent. At most one link a paragraph and one per 150 words, each merchant once, none for a merchant the post already links to; never in headings, links, code or the widgets.', 'pubnet-widgets' ) . '</p>';
		},
		'pubnet-widgets'
	);
	$fields = array(
		'intext'            => __( 'In-text links', 'pubnet-widgets' ),
		'intext_where'      => __( 'Where to link', 'pubnet-widgets' ),
		'intext_max'        => __( 'Links a post', 'pubnet-widgets' ),
		'intext_aliases'    => __( 'Aliases', 'pubnet-widgets' ),
		'intext_exclude'    => __( 'Never linked', 'pubnet-widgets' ),
		'intext_disclosure' => __( 'Disclosure', 'pubnet-widgets' ),
	);
	foreach ( $fields as $key => $label ) {
		$args = array( 'key' => $key );
		if ( 'intext_where' !== $key ) {
			$args['label_for'] = 'pubnet_widgets_' . $key;
		}
		add_settings_field( 'pubnet_widgets_' . $key, $label, 'pubnet_widgets_render_intext_field', 'pubnet-widgets', 'pubnet_widgets_intext', $args );
	}
}

/**
 * One field of the In-text links section (admin/fields.php makes its parts).
 *
 * @param array $args `key`: the field's key.
 */
function pubnet_widgets_render_intext_field( array $args ): void {
	$settings = pubnet_widgets_settings();
	$key      = $args['key'];
	$id       = 'pubnet_widgets_' . $key;

	switch ( $key ) {
		case 'intext':
			pubnet_widgets_field_checkbox( 'intext', $id );
			pubnet_widgets_field_note( __( 'Off by default. Off, no post or comment is changed.', 'pubnet-widgets' ) );
			if ( ! pubnet_widgets_intext_available() ) {
				pubnet_widgets_field_note( __( 'This server\'s PHP has no mbstring extension: in-text links need it, and nothing is linked without it.', 'pubnet-widgets' ) );
			}
			break;
		case 'intext_where':
			echo '<fieldset><legend class="screen-reader-text">' . esc_html__( 'Where to link', 'pubnet-widgets' ) . '</legend>';
			foreach ( array(
				'intext_content'  => __( 'Posts and pages', 'pubnet-widgets' ),
				'intext_comments' => __( 'Comments on them', 'pubnet-widgets' ),
			) as $flag => $label ) {
				echo '<label>';
				pubnet_widgets_field_checkbox( $flag );
				echo ' ' . esc_html( $label ) . '</label><br>';
			}
			echo '</fieldset>';
			pubnet_widgets_field_note( __( 'A post\'s comments count with it: its links and theirs are one page\'s.', 'pubnet-widgets' ) );
			break;
		case 'intext_max':
			printf( '<input type="number" name="%s" id="%s" value="%d" min="0" max="%d" step="1" class="small-text">', esc_attr( pubnet_widgets_field_name( $key ) ), esc_attr( $id ), (int) $settings[ $key ], (int) PUBNET_WIDGETS_INTEXT_MAX );
			/* translators: %d: the default number of links. */
			pubnet_widgets_field_note( sprintf( __( 'At most this many in-text links in a post and its comments together (default %d).', 'pubnet-widgets' ), PUBNET_WIDGETS_INTEXT_LIMITS['max'] ) );
			break;
		case 'intext_aliases':
			$lines = array();
			foreach ( $settings['intext_aliases'] as $alias_key => $names ) {
				$lines[] = $alias_key . ': ' . implode( ', ', $names );
			}
			printf( '<textarea name="%s" id="%s" rows="4" class="large-text" placeholder="kaktus.pl: Kaktus Market, Kaktusik">%s</textarea>', esc_attr( pubnet_widgets_field_name( $key ) ), esc_attr( $id ), esc_textarea( implode( "\n", $lines ) ) );
			pubnet_widgets_field_note( __( 'Other names your posts give a merchant, one merchant a line: its domain (or its offer\'s id), a colon, then the names, separated by commas.', 'pubnet-widgets' ) );
			break;
		case 'intext_exclude':
			pubnet_widgets_field_list( $key, 'shop.example' );
			pubnet_widgets_field_note( __( 'Merchants never linked in the text: their domains (or their offers\' ids), one per line or separated by commas.', 'pubnet-widgets' ) );
			break;
		case 'intext_disclosure':
			printf( '<input type="text" name="%s" id="%s" value="%s" class="large-text">', esc_attr( pubnet_widgets_field_name( $key ) ), esc_attr( $id ), esc_attr( $settings[ $key ] ) );
			pubnet_widgets_field_note( __( 'Printed once after a post that got in-text links. Empty: none.', 'pubnet-widgets' ) );
			break;
	}
}

/** The lexicon's state and the Rebuild lexicon button: a form of its own, after the settings' form. */
function pubnet_widgets_render_lexicon_box(): void {
	$state = pubnet_widgets_lexicon_state();
	echo '<h2>' . esc_html__( 'The in-text lexicon', 'pubnet-widgets' ) . '</h2><p>';
	if ( '' === $state['version'] ) {
		echo esc_html__( 'Not built yet: it is read from the API when a post first needs it, or now with the button below.', 'pubnet-widgets' );
	} else {
		/* translators: %d: how many merchants the lexicon has. */
		echo esc_html( sprintf( _n( 'It names %d merchant.', 'It names %d merchants.', $state['count'], 'pubnet-widgets' ), $state['count'] ) ) . ' ';
		if ( $state['built'] > 0 ) {
			/* translators: %s: a date and time. */
			echo esc_html( sprintf( __( 'Read from the API on %s; again every hour when it is used.', 'pubnet-widgets' ), wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $state['built'] ) ) );
		}
	}
	echo '</p><form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
	echo '<input type="hidden" name="action" value="' . esc_attr( PUBNET_WIDGETS_REBUILD_ACTION ) . '">';
	wp_nonce_field( PUBNET_WIDGETS_REBUILD_ACTION );
	echo '<button type="submit" class="button" id="pubnet-widgets-rebuild-lexicon">' . esc_html__( 'Rebuild lexicon', 'pubnet-widgets' ) . '</button></form>';
}

/** The Rebuild lexicon button's action: the lexicon read from the API now, then back to the page. */
function pubnet_widgets_rebuild_lexicon_action(): void {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'Only a user who may change the settings can rebuild the lexicon.', 'pubnet-widgets' ), 403 );
	}
	check_admin_referer( PUBNET_WIDGETS_REBUILD_ACTION );
	$done = pubnet_widgets_lexicon_rebuild( true );
	wp_safe_redirect( add_query_arg( 'pubnet-lexicon', $done, admin_url( 'options-general.php?page=pubnet-widgets' ) ) );
	exit;
}

/** The In-text links notices of the settings page: the button's outcome; on without mbstring. */
function pubnet_widgets_intext_notices(): void {
	$done = isset( $_GET['pubnet-lexicon'] ) && is_string( $_GET['pubnet-lexicon'] ) ? sanitize_key( $_GET['pubnet-lexicon'] ) : ''; // phpcs:ignore WordPress.Security.NonceVerification -- only which notice to show.
	if ( 'rebuilt' === $done ) {
		$count = pubnet_widgets_lexicon_state()['count'];
		/* translators: %d: how many merchants the lexicon has. */
		echo '<div class="notice notice-success"><p>' . esc_html( sprintf( _n( 'The lexicon was rebuilt: it names %d merchant.', 'The lexicon was rebuilt: it names %d merchants.', $count, 'pubnet-widgets' ), $count ) ) . '</p></div>';
	} elseif ( 'failed' === $done ) {
		echo '<div class="notice notice-error"><p>' . esc_html__( 'The lexicon could not be rebuilt: the API could not be read. The last one is kept.', 'pubnet-widgets' ) . '</p></div>';
	} elseif ( 'busy' === $done ) {
		echo '<div class="notice notice-info"><p>' . esc_html__( 'The lexicon is being rebuilt right now: reload this page in a moment.', 'pubnet-widgets' ) . '</p></div>';
	} elseif ( 'no-token' === $done ) {
		echo '<div class="notice notice-error"><p>' . esc_html__( 'The lexicon is read from the API with the API token: set it first.', 'pubnet-widgets' ) . '</p></div>';
	}
	if ( pubnet_widgets_settings()['intext'] && ! pubnet_widgets_intext_available() ) {
		echo '<div class="notice notice-warning"><p>' . esc_html__( 'In-text links are on, but this server\'s PHP has no mbstring extension: nothing is linked until it has.', 'pubnet-widgets' ) . '</p></div>';
	}
}
