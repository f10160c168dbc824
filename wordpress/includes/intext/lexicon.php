<?php
/**
 * The lexicon every proxy publishes at `GET <proxy>/lexicon/` (api-contract §15), read as
 * src/intext/lexicon.ts reads it: hostile until checked, cut to §15's bounds. An entry's `url`
 * is the offer's page as a URL parser writes it (`href`): here, an absolute http(s) URL is
 * taken when it is in a plain form whose `href` is known without a full URL parser (ASCII, a
 * host name or dotted IPv4, `//` after the scheme, no user info, no dot segments); any other
 * entry is dropped. The plugin's own lexicon (includes/proxy/lexicon.php) holds only such URLs.
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
 * `value` as an absolute http(s) URL written as a URL parser writes its `href` (scheme and
 * host lower case, a default port dropped, `/` for an empty path), or null: not such a URL,
 * or one this reading does not take (see above).
 *
 * @param mixed $value The URL.
 */
function pubnet_widgets_intext_http_url( $value ): ?string {
	if ( ! is_string( $value ) ) {
		return null;
	}
	// What a URL parser removes first: C0 controls and spaces at the ends, tabs and new lines.
	$url = str_replace( array( "\t", "\n", "\r" ), '', trim( $value, "\x00..\x20" ) );
	$safe = "A-Za-z0-9\\-._~!$&()*+,;=:@\\/%";
	if ( ! preg_match( '#^(https?)://([A-Za-z0-9._\-]+)(?::([0-9]*))?(/[' . $safe . "']*)?(\\?[" . $safe . '?]*)?(\#[' . $safe . "'?\\#]*)?\\z#i", $url, $m ) ) {
		return null;
	}
	$scheme = strtolower( $m[1] );
	$host   = strtolower( $m[2] );
	$labels = explode( '.', '' !== $host && '.' === $host[ strlen( $host ) - 1 ] ? substr( $host, 0, -1 ) : $host );
	$last   = end( $labels );
	if ( '' === trim( $host, '.' ) || preg_match( '/(^|\.)xn--/', $host ) ) {
		return null;
	}
	// A host ending in a number is an IPv4 address: taken as written only in its dotted form.
	if ( preg_match( '/^(?:[0-9]+|0x[0-9a-f]*)$/', $last ) ) {
		$octet = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
		if ( ! preg_match( '/^' . $octet . '(?:\.' . $octet . '){3}$/', $host ) ) {
			return null;
		}
	}
	$port = '';
	if ( isset( $m[3] ) && '' !== $m[3] ) {
		$number = ltrim( $m[3], '0' );
		if ( strlen( $number ) > 5 || (int) $number > 65535 ) {
			return null;
		}
		$number = '' === $number ? '0' : $number;
		$port   = ( 'http' === $scheme && '80' === $number ) || ( 'https' === $scheme && '443' === $number ) ? '' : ':' . $number;
	}
	$path = isset( $m[4] ) && '' !== $m[4] ? $m[4] : '/';
	foreach ( explode( '/', $path ) as $segment ) {
		if ( preg_match( '/^(?:\.|%2e){1,2}$/i', $segment ) ) {
			return null;
		}
	}
	return $scheme . '://' . $host . $port . $path . ( $m[5] ?? '' ) . ( $m[6] ?? '' );
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
