<?php
/**
 * The lexicon every proxy publishes at `GET <proxy>/lexicon/` (api-contract §15), read as
 * src/intext/lexicon.ts reads it: hostile until checked, cut to §15's bounds. An entry's `url`
 * is taken as written when it is a plain absolute http(s) URL in ASCII; any other entry is
 * dropped.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** The bounds of §15: entries, names an entry, characters (UTF-16 units) a name, bytes an answer. */
const PUBNET_WIDGETS_LEXICON_LIMITS = array(
	'entries'     => 2000,
	'names'       => 8,
	'name_length' => 64,
	'bytes'       => 262144,
);

/**
 * `value` when it is a plain absolute http(s) URL in ASCII (a host of letters, digits, dots and
 * dashes, a port, then no space, quote, `<`, `>` or backslash), as written; else null. The rule
 * of src/intext/lexicon.ts (`LINKABLE`): no other scheme ever becomes a link, and the plugin
 * writes the link a browser would set.
 *
 * @param mixed $value The URL.
 */
function pubnet_widgets_intext_http_url( $value ): ?string {
	return is_string( $value ) && preg_match( '#^https?://[\w.-]+(?::\d{1,5})?(?:[/?\#][\w\-.~!$&()*+,;=:@/%\'?\#]*)?\z#i', $value ) ? $value : null;
}

/**
 * Whether `value` is a JSON object as PHP decodes one (an object, or an array with keys).
 *
 * @param mixed $value A decoded value.
 */
function pubnet_widgets_intext_is_object( $value ): bool {
	return is_object( $value ) || ( is_array( $value ) && $value && ! array_is_list( $value ) );
}

/**
 * A field of a decoded JSON object (null when absent).
 *
 * @param mixed  $value A decoded object.
 * @param string $name  The field.
 * @return mixed
 */
function pubnet_widgets_intext_field( $value, string $name ) {
	return is_object( $value ) ? ( $value->$name ?? null ) : ( is_array( $value ) ? ( $value[ $name ] ?? null ) : null );
}

/**
 * `value` (a decoded lexicon, objects as objects or arrays) within §15's bounds: array(
 * 'version', 'entries' => list of array( 'offer', 'names', 'url' ) ); entries with no usable
 * name or no http(s) URL dropped, names past the bounds cut; null for anything that is no
 * lexicon.
 *
 * @param mixed $value The decoded lexicon.
 */
function pubnet_widgets_intext_read_lexicon( $value ): ?array {
	$listed = pubnet_widgets_intext_field( $value, 'entries' );
	if ( ! pubnet_widgets_intext_is_object( $value ) || ! is_array( $listed ) || ! array_is_list( $listed ) ) {
		return null;
	}
	$entries = array();
	foreach ( array_slice( $listed, 0, PUBNET_WIDGETS_LEXICON_LIMITS['entries'] ) as $entry ) {
		$url   = pubnet_widgets_intext_is_object( $entry ) ? pubnet_widgets_intext_http_url( pubnet_widgets_intext_field( $entry, 'url' ) ) : null;
		$names = array();
		$given = pubnet_widgets_intext_field( $entry, 'names' );
		if ( null !== $url && is_array( $given ) && array_is_list( $given ) ) {
			foreach ( $given as $name ) {
				if ( is_string( $name ) && preg_match( '/[\p{L}\p{N}]/u', $name )
					&& pubnet_widgets_intext_length( $name ) <= PUBNET_WIDGETS_LEXICON_LIMITS['name_length'] ) {
					$names[] = $name;
				}
			}
		}
		$offer = pubnet_widgets_intext_field( $entry, 'offer' );
		if ( null !== $url && $names && is_string( $offer ) ) {
			$entries[] = array(
				'offer' => $offer,
				'names' => array_slice( $names, 0, PUBNET_WIDGETS_LEXICON_LIMITS['names'] ),
				'url'   => $url,
			);
		}
	}
	$version = pubnet_widgets_intext_field( $value, 'version' );
	return array(
		'version' => is_string( $version ) ? $version : '',
		'entries' => $entries,
	);
}
