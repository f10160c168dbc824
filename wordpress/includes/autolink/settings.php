<?php
/**
 * Auto-linking's keys of the option (includes/common/settings.php merges them in): their defaults,
 * how a stored value is read, how a submitted one is sanitised, and whether auto-linking is on.
 * Its fields are on the settings page (includes/admin/autolink-section.php).
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** Auto-linking's settings on a fresh site (merged into pubnet_widgets_defaults()). */
function pubnet_widgets_autolink_defaults(): array {
	return array(
		'autolink'                 => false,
		'autolink_content'         => true,
		'autolink_comments'        => true,
		'autolink_exclude_domains' => array(),
		'autolink_include_classes' => array(),
		'autolink_exclude_classes' => array(),
		'autolink_consent'         => 'tcf',
	);
}

/** A checkbox's or a stored flag's value as a boolean. */
function pubnet_widgets_autolink_flag( $value ): bool {
	return true === $value || 1 === $value || ( is_string( $value ) && in_array( strtolower( $value ), array( '1', 'on', 'yes', 'true' ), true ) );
}

/** A CSS class name as it goes into a selector unescaped: `-`? then a letter, `_` or non-ASCII, then those, digits and `-`. */
function pubnet_widgets_is_class_name( $value ): bool {
	return is_string( $value ) && strlen( $value ) <= 100
		&& 1 === preg_match( '/^-?[A-Za-z_\x{80}-\x{10FFFF}][A-Za-z0-9_\x{80}-\x{10FFFF}-]*$/u', $value );
}

/**
 * `$settings` with auto-linking's keys as the plugin uses them (a stored value of the wrong
 * type or form is dropped).
 *
 * @param array $settings The settings, every key present.
 */
function pubnet_widgets_autolink_settings( array $settings ): array {
	foreach ( array( 'autolink', 'autolink_content', 'autolink_comments' ) as $key ) {
		$settings[ $key ] = pubnet_widgets_autolink_flag( $settings[ $key ] );
	}
	$lists = array(
		'autolink_exclude_domains' => 'pubnet_widgets_is_host',
		'autolink_include_classes' => 'pubnet_widgets_is_class_name',
		'autolink_exclude_classes' => 'pubnet_widgets_is_class_name',
	);
	foreach ( $lists as $key => $valid ) {
		$list             = is_array( $settings[ $key ] ) ? $settings[ $key ] : array();
		$settings[ $key ] = array_values( array_filter( $list, $valid ) );
	}
	if ( ! in_array( $settings['autolink_consent'], array( 'tcf', 'always' ), true ) ) {
		$settings['autolink_consent'] = 'tcf';
	}
	return $settings;
}

/**
 * Auto-linking's part of the sanitize callback (pubnet_widgets_sanitize): a key not submitted
 * keeps its value; the lists (one per line, or separated by commas or spaces) keep their
 * valid entries and leave out the others, named in a notice. Idempotent.
 *
 * @param array $input The submitted array (unslashed).
 * @param array $new   The settings sanitized so far.
 */
function pubnet_widgets_sanitize_autolink( array $input, array $new ): array {
	foreach ( array( 'autolink', 'autolink_content', 'autolink_comments' ) as $key ) {
		if ( array_key_exists( $key, $input ) ) {
			$new[ $key ] = pubnet_widgets_autolink_flag( $input[ $key ] );
		}
	}

	$lists = array(
		'autolink_exclude_domains' => array(
			'pubnet_widgets_is_host',
			static fn( $item ) => rtrim( strtolower( $item ), '.' ),
			/* translators: %s: the entries left out, separated by commas. */
			__( 'Excluded domains: left out %s (not host names); the others are saved.', 'pubnet-widgets' ),
		),
		'autolink_include_classes' => array(
			'pubnet_widgets_is_class_name',
			static fn( $item ) => ltrim( $item, '.' ),
			/* translators: %s: the entries left out, separated by commas. */
			__( 'Include CSS classes: left out %s (not CSS class names); the others are saved.', 'pubnet-widgets' ),
		),
		'autolink_exclude_classes' => array(
			'pubnet_widgets_is_class_name',
			static fn( $item ) => ltrim( $item, '.' ),
			/* translators: %s: the entries left out, separated by commas. */
			__( 'Exclude CSS classes: left out %s (not CSS class names); the others are saved.', 'pubnet-widgets' ),
		),
	);
	foreach ( $lists as $key => list( $valid, $normalize, $message ) ) {
		if ( ! array_key_exists( $key, $input ) ) {
			continue; // Not submitted: kept.
		}
		$value = $input[ $key ];
		$text  = is_array( $value ) ? implode( ' ', array_filter( $value, 'is_string' ) ) : ( is_string( $value ) ? $value : '' );
		$kept  = array();
		$left  = array();
		foreach ( preg_split( '/[\s,]+/u', $text, -1, PREG_SPLIT_NO_EMPTY ) ?: array() as $item ) {
			$item = $normalize( $item );
			if ( $valid( $item ) ) {
				$kept[] = $item;
			} else {
				$left[] = $item;
			}
		}
		$new[ $key ] = array_values( array_unique( $kept ) );
		if ( $left ) {
			$shown = array_map( static fn( $item ) => wp_html_excerpt( $item, 60, '…' ), array_slice( $left, 0, 10 ) );
			$list  = implode( ', ', $shown ) . ( count( $left ) > 10 ? ', …' : '' );
			// settings_errors() prints the message as HTML: what the user typed is escaped here.
			add_settings_error( PUBNET_WIDGETS_OPTION, 'pubnet_widgets_' . $key, sprintf( esc_html( $message ), '<code>' . esc_html( $list ) . '</code>' ), 'warning' );
		}
	}

	if ( array_key_exists( 'autolink_consent', $input ) ) {
		$consent = is_string( $input['autolink_consent'] ) ? $input['autolink_consent'] : '';
		if ( in_array( $consent, array( 'tcf', 'always' ), true ) ) {
			$new['autolink_consent'] = $consent;
		} else {
			/* translators: %s: the field's label. */
			add_settings_error( PUBNET_WIDGETS_OPTION, 'pubnet_widgets_autolink_consent', sprintf( __( '%s: invalid value, the previous one is kept.', 'pubnet-widgets' ), __( 'Consent', 'pubnet-widgets' ) ) );
		}
	}
	return $new;
}

/** Whether auto-linking is on, with somewhere to work: post content, comments or an include class. */
function pubnet_widgets_autolink_on(): bool {
	$settings = pubnet_widgets_settings();
	return $settings['autolink']
		&& ( $settings['autolink_content'] || $settings['autolink_comments'] || $settings['autolink_include_classes'] );
}
