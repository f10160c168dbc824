<?php
/**
 * In-text links' keys of the option (includes/common/settings.php merges them in; embed
 * contract, "In-text links setting"): their defaults, how a stored value is read, how a
 * submitted one is sanitised. Its fields are on the settings page
 * (includes/admin/intext-section.php).
 *
 * intext (on/off), intext_content and intext_comments (where), intext_max (links a post, its
 * comments included), intext_aliases (host or offer id => names), intext_exclude (hosts or
 * offer ids never linked), intext_disclosure (the sentence after a post with in-text links).
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** The most links a post may be given. */
const PUBNET_WIDGETS_INTEXT_MAX = 50;

/** In-text links' settings on a fresh site (merged into pubnet_widgets_defaults()). */
function pubnet_widgets_intext_defaults(): array {
	return array(
		'intext'            => false,
		'intext_content'    => true,
		'intext_comments'   => false,
		'intext_max'        => PUBNET_WIDGETS_INTEXT_LIMITS['max'],
		'intext_aliases'    => array(),
		'intext_exclude'    => array(),
		// In the site's language until it is saved: a Polish site's is "Wpis zawiera linki afiliacyjne.".
		'intext_disclosure' => __( 'This post contains affiliate links.', 'pubnet-widgets' ),
	);
}

/**
 * Whether `value` is what an alias or an exclusion names: an offer's id (a guid) or a host name.
 *
 * @param mixed $value The key, lower case.
 */
function pubnet_widgets_intext_is_key( $value ): bool {
	return pubnet_widgets_is_uuid( $value ) || pubnet_widgets_is_host( $value );
}

/**
 * Whether `value` is a name a text may mention a merchant by: one line of text with a letter or
 * a digit, at most 64 characters (api-contract §15).
 *
 * @param mixed $value The name.
 */
function pubnet_widgets_intext_is_name( $value ): bool {
	return is_string( $value ) && '' !== $value && preg_match( '//u', $value )
		&& preg_match( '/[\p{L}\p{N}]/u', $value ) && ! preg_match( '/[\p{Cc}<>]/u', $value )
		&& strlen( $value ) <= 4 * PUBNET_WIDGETS_LEXICON_LIMITS['name_length']
		&& pubnet_widgets_intext_length( $value ) <= PUBNET_WIDGETS_LEXICON_LIMITS['name_length'];
}

/**
 * `$settings` with in-text links' keys as the plugin uses them (a stored value of the wrong type
 * or form is dropped).
 *
 * @param array $settings The settings, every key present.
 */
function pubnet_widgets_intext_settings( array $settings ): array {
	foreach ( array( 'intext', 'intext_content', 'intext_comments' ) as $key ) {
		$settings[ $key ] = pubnet_widgets_autolink_flag( $settings[ $key ] );
	}
	$max                    = $settings['intext_max'];
	$settings['intext_max'] = is_int( $max ) && $max >= 0 && $max <= PUBNET_WIDGETS_INTEXT_MAX ? $max : PUBNET_WIDGETS_INTEXT_LIMITS['max'];
	$aliases                = array();
	foreach ( is_array( $settings['intext_aliases'] ) ? $settings['intext_aliases'] : array() as $key => $names ) {
		$names = is_array( $names ) ? array_values( array_filter( $names, 'pubnet_widgets_intext_is_name' ) ) : array();
		if ( pubnet_widgets_intext_is_key( (string) $key ) && $names ) {
			$aliases[ (string) $key ] = $names;
		}
	}
	$settings['intext_aliases']    = $aliases;
	$exclude                       = is_array( $settings['intext_exclude'] ) ? $settings['intext_exclude'] : array();
	$settings['intext_exclude']    = array_values( array_filter( $exclude, 'pubnet_widgets_intext_is_key' ) );
	$settings['intext_disclosure'] = is_string( $settings['intext_disclosure'] ) ? $settings['intext_disclosure'] : '';
	return $settings;
}

/**
 * The Aliases field's text as aliases: one merchant a line, `host or offer id: name, name`.
 * What is not such a line is given back in `left`.
 *
 * @param string $text The field's text.
 * @return array array( aliases, left ).
 */
function pubnet_widgets_intext_parse_aliases( string $text ): array {
	$aliases = array();
	$left    = array();
	foreach ( preg_split( '/\R/u', $text, -1, PREG_SPLIT_NO_EMPTY ) ?: array() as $line ) {
		$line = trim( $line );
		if ( '' === $line ) {
			continue;
		}
		$parts = explode( ':', $line, 2 );
		$key   = rtrim( strtolower( trim( $parts[0] ) ), '.' );
		$names = array();
		foreach ( explode( ',', $parts[1] ?? '' ) as $name ) {
			$name = trim( (string) preg_replace( '/\s+/u', ' ', $name ) );
			if ( '' !== $name ) {
				$names[] = $name;
			}
		}
		$valid = array_values( array_filter( $names, 'pubnet_widgets_intext_is_name' ) );
		if ( ! pubnet_widgets_intext_is_key( $key ) || ! $names || count( $valid ) !== count( $names ) ) {
			$left[] = $line;
			continue;
		}
		$aliases[ $key ] = array_values( array_unique( array_merge( $aliases[ $key ] ?? array(), $valid ) ) );
	}
	return array( $aliases, $left );
}

/**
 * In-text links' part of the sanitize callback (pubnet_widgets_sanitize): a key not submitted
 * keeps its value; the lists keep their valid entries and leave out the others, named in a
 * notice. Idempotent.
 *
 * @param array $input The submitted array (unslashed).
 * @param array $new   The settings sanitized so far.
 */
function pubnet_widgets_sanitize_intext( array $input, array $new ): array {
	foreach ( array( 'intext', 'intext_content', 'intext_comments' ) as $key ) {
		if ( array_key_exists( $key, $input ) ) {
			$new[ $key ] = pubnet_widgets_autolink_flag( $input[ $key ] );
		}
	}
	$left = static function ( string $key, string $message, array $items ) {
		if ( $items ) {
			$shown = array_map( static fn( $item ) => wp_html_excerpt( $item, 60, '…' ), array_slice( $items, 0, 10 ) );
			$list  = implode( ', ', $shown ) . ( count( $items ) > 10 ? ', …' : '' );
			// settings_errors() prints the message as HTML: what the user typed is escaped here.
			add_settings_error( PUBNET_WIDGETS_OPTION, 'pubnet_widgets_' . $key, sprintf( esc_html( $message ), '<code>' . esc_html( $list ) . '</code>' ), 'warning' );
		}
	};

	if ( array_key_exists( 'intext_max', $input ) ) {
		$max = is_scalar( $input['intext_max'] ) ? trim( (string) $input['intext_max'] ) : '';
		if ( preg_match( '/^\d{1,3}$/', $max ) && (int) $max <= PUBNET_WIDGETS_INTEXT_MAX ) {
			$new['intext_max'] = (int) $max;
		} else {
			/* translators: %s: the field's label. */
			add_settings_error( PUBNET_WIDGETS_OPTION, 'pubnet_widgets_intext_max', sprintf( __( '%s: invalid value, the previous one is kept.', 'pubnet-widgets' ), __( 'Links a post', 'pubnet-widgets' ) ) );
		}
	}

	if ( array_key_exists( 'intext_aliases', $input ) ) {
		$text = is_string( $input['intext_aliases'] ) ? $input['intext_aliases'] : '';
		if ( is_array( $input['intext_aliases'] ) ) {
			$lines = array();
			foreach ( $input['intext_aliases'] as $key => $names ) {
				$lines[] = is_string( $key ) && is_array( $names ) ? $key . ': ' . implode( ', ', array_filter( $names, 'is_string' ) ) : ( is_string( $names ) ? $names : '' );
			}
			$text = implode( "\n", $lines );
		}
		list( $aliases, $rejected ) = pubnet_widgets_intext_parse_aliases( $text );
		$new['intext_aliases']      = $aliases;
		/* translators: %s: the lines left out, separated by commas. */
		$left( 'intext_aliases', __( 'Aliases: left out %s (each line is a domain or an offer id, a colon, and names of at most 64 characters separated by commas); the others are saved.', 'pubnet-widgets' ), $rejected );
	}

	if ( array_key_exists( 'intext_exclude', $input ) ) {
		$value = $input['intext_exclude'];
		$text  = is_array( $value ) ? implode( ' ', array_filter( $value, 'is_string' ) ) : ( is_string( $value ) ? $value : '' );
		$kept  = array();
		$bad   = array();
		foreach ( preg_split( '/[\s,]+/u', $text, -1, PREG_SPLIT_NO_EMPTY ) ?: array() as $item ) {
			$item = rtrim( strtolower( $item ), '.' );
			if ( pubnet_widgets_intext_is_key( $item ) ) {
				$kept[] = $item;
			} else {
				$bad[] = $item;
			}
		}
		$new['intext_exclude'] = array_values( array_unique( $kept ) );
		/* translators: %s: the entries left out, separated by commas. */
		$left( 'intext_exclude', __( 'Never linked: left out %s (not a domain or an offer id); the others are saved.', 'pubnet-widgets' ), $bad );
	}

	if ( array_key_exists( 'intext_disclosure', $input ) ) {
		$text                     = is_string( $input['intext_disclosure'] ) ? $input['intext_disclosure'] : '';
		$new['intext_disclosure'] = trim( sanitize_text_field( $text ) );
	}
	return $new;
}

/** Whether in-text links are on, with somewhere to work. */
function pubnet_widgets_intext_on(): bool {
	$settings = pubnet_widgets_settings();
	return $settings['intext'] && ( $settings['intext_content'] || $settings['intext_comments'] ) && $settings['intext_max'] > 0;
}
