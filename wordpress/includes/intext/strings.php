<?php
/**
 * What the in-text port (includes/intext/) needs of JavaScript's strings, which src/intext/
 * runs on: its white space (`\s`, `trim()`), its lowercase (`toLowerCase()`, Final_Sigma
 * included), its `length` (UTF-16 units) and what one UTF-16 unit is. PHP's strings are UTF-8
 * bytes: the port works on valid UTF-8 (pubnet_widgets_intext_scrub()) at byte offsets, a
 * character at a time where JavaScript reads one unit, and a character beyond U+FFFF, two units
 * there, is what JavaScript makes of a lone surrogate: no letter, and equal only to itself.
 *
 * Case needs PHP's mbstring (pubnet_widgets_intext_available()): without it nothing is linked.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** JavaScript's `\s` (and what `trim()` removes), as a class of a PCRE `/u` pattern. */
const PUBNET_WIDGETS_INTEXT_SPACE = '[\t\n\x0B\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]';

/** The same characters, UTF-8 encoded, for a lookup of one character. */
const PUBNET_WIDGETS_INTEXT_SPACES = array(
	"\t"       => true,
	"\n"       => true,
	"\x0B"     => true,
	"\f"       => true,
	"\r"       => true,
	' '        => true,
	"\u{A0}"   => true,
	"\u{1680}" => true,
	"\u{2000}" => true,
	"\u{2001}" => true,
	"\u{2002}" => true,
	"\u{2003}" => true,
	"\u{2004}" => true,
	"\u{2005}" => true,
	"\u{2006}" => true,
	"\u{2007}" => true,
	"\u{2008}" => true,
	"\u{2009}" => true,
	"\u{200A}" => true,
	"\u{2028}" => true,
	"\u{2029}" => true,
	"\u{202F}" => true,
	"\u{205F}" => true,
	"\u{3000}" => true,
	"\u{FEFF}" => true,
);

/** A letter, mark or digit: what a word is made of (src/intext/match.ts WORD_CHAR). */
const PUBNET_WIDGETS_INTEXT_WORD = '/[\p{L}\p{M}\p{N}]+/u';

/** Whether the matcher can run here: case needs mbstring. */
function pubnet_widgets_intext_available(): bool {
	return function_exists( 'mb_strtolower' ) && function_exists( 'mb_strtoupper' );
}

/**
 * The character of `text` that starts at byte `at` ('' at its end).
 *
 * @param string $text Valid UTF-8.
 * @param int    $at   A character's first byte.
 */
function pubnet_widgets_intext_char( string $text, int $at ): string {
	if ( ! isset( $text[ $at ] ) ) {
		return '';
	}
	$byte = ord( $text[ $at ] );
	return $byte < 0x80 ? $text[ $at ] : substr( $text, $at, $byte < 0xE0 ? 2 : ( $byte < 0xF0 ? 3 : 4 ) );
}

/**
 * Whether `char` is JavaScript's white space.
 *
 * @param string $char One character.
 */
function pubnet_widgets_intext_is_space( string $char ): bool {
	return isset( PUBNET_WIDGETS_INTEXT_SPACES[ $char ] );
}

/**
 * Whether `char` is a letter, mark or digit (a character beyond U+FFFF too: 𝐀 is a letter).
 *
 * @param string $char One character ('' for none).
 */
function pubnet_widgets_intext_is_word_char( string $char ): bool {
	if ( '' === $char ) {
		return false;
	}
	if ( 1 === strlen( $char ) ) {
		return ( $char >= 'a' && $char <= 'z' ) || ( $char >= 'A' && $char <= 'Z' ) || ( $char >= '0' && $char <= '9' );
	}
	return 1 === preg_match( '/^[\p{L}\p{M}\p{N}]$/u', $char );
}

/**
 * `text` in lower case as JavaScript's `toLowerCase()` writes it: full case mapping (İ is
 * i̇), and a capital sigma at a word's end is ς (Final_Sigma, which PHP's mbstring applies
 * only from 8.3).
 *
 * @param string $text Valid UTF-8.
 */
function pubnet_widgets_intext_lower( string $text ): string {
	if ( ! preg_match( '/[\x80-\xFF]/', $text ) ) {
		return strtr( $text, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz' );
	}
	if ( ! str_contains( $text, "\u{3A3}" ) ) {
		return mb_strtolower( $text, 'UTF-8' );
	}
	$chars = preg_split( '//u', $text, -1, PREG_SPLIT_NO_EMPTY );
	$lower = '';
	foreach ( $chars as $i => $char ) {
		$lower .= "\u{3A3}" === $char ? ( pubnet_widgets_intext_final_sigma( $chars, $i ) ? "\u{3C2}" : "\u{3C3}" ) : mb_strtolower( $char, 'UTF-8' );
	}
	return $lower;
}

/**
 * Whether the sigma at `at` ends a word (Unicode's Final_Sigma, as ICU decides it for
 * JavaScript): a cased letter before it and none after it, case-ignorable characters between.
 *
 * @param string[] $chars A string's characters.
 * @param int      $at    The sigma's index.
 */
function pubnet_widgets_intext_final_sigma( array $chars, int $at ): bool {
	$ignorable = static fn( $char ) => 1 === preg_match( '/^\p{Case_Ignorable}$/u', $char );
	$cased     = static fn( $char ) => 1 === preg_match( '/^\p{Cased}$/u', $char );
	for ( $i = $at - 1; $i >= 0 && $ignorable( $chars[ $i ] ); $i-- ) {
		continue;
	}
	if ( $i < 0 || ! $cased( $chars[ $i ] ) ) {
		return false;
	}
	$count = count( $chars );
	for ( $i = $at + 1; $i < $count && $ignorable( $chars[ $i ] ); $i++ ) {
		continue;
	}
	return $i >= $count || ! $cased( $chars[ $i ] );
}

/**
 * One character in lower case, as JavaScript lowers a one-unit string; remembered.
 *
 * @param string $char One character.
 */
function pubnet_widgets_intext_lower_char( string $char ): string {
	static $lower = array();
	if ( ! isset( $lower[ $char ] ) ) {
		if ( count( $lower ) > 4096 ) {
			$lower = array();
		}
		$lower[ $char ] = pubnet_widgets_intext_lower( $char );
	}
	return $lower[ $char ];
}

/**
 * `text` in upper case as JavaScript's `toUpperCase()` writes it (full case mapping: ß is SS).
 *
 * @param string $text Valid UTF-8.
 */
function pubnet_widgets_intext_upper( string $text ): string {
	return preg_match( '/[\x80-\xFF]/', $text )
		? mb_strtoupper( $text, 'UTF-8' )
		: strtr( $text, 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' );
}

/**
 * `text` without JavaScript's white space at either end (`trim()`).
 *
 * @param string $text Valid UTF-8.
 */
function pubnet_widgets_intext_trim( string $text ): string {
	return (string) preg_replace( '/^' . PUBNET_WIDGETS_INTEXT_SPACE . '+|' . PUBNET_WIDGETS_INTEXT_SPACE . '+$/Du', '', $text );
}

/**
 * The JavaScript `length` of `text`: its UTF-16 units.
 *
 * @param string $text Valid UTF-8.
 */
function pubnet_widgets_intext_length( string $text ): int {
	// Every byte but a continuation byte starts one unit; a four-byte character is two.
	return strlen( $text ) - preg_match_all( '/[\x80-\xBF]/', $text ) + preg_match_all( '/[\xF0-\xF4]/', $text );
}

/**
 * A code point in UTF-8.
 *
 * @param int $code A Unicode scalar value.
 */
function pubnet_widgets_intext_utf8( int $code ): string {
	if ( $code < 0x80 ) {
		return chr( $code );
	}
	if ( $code < 0x800 ) {
		return chr( 0xC0 | ( $code >> 6 ) ) . chr( 0x80 | ( $code & 0x3F ) );
	}
	if ( $code < 0x10000 ) {
		return chr( 0xE0 | ( $code >> 12 ) ) . chr( 0x80 | ( ( $code >> 6 ) & 0x3F ) ) . chr( 0x80 | ( $code & 0x3F ) );
	}
	return chr( 0xF0 | ( $code >> 18 ) ) . chr( 0x80 | ( ( $code >> 12 ) & 0x3F ) ) . chr( 0x80 | ( ( $code >> 6 ) & 0x3F ) ) . chr( 0x80 | ( $code & 0x3F ) );
}

/**
 * `text` as valid UTF-8 of the same length: each byte of it that belongs to no valid
 * sequence becomes U+001A (a control character, neither a word's nor white space, as the
 * U+FFFD a browser reads there), so that a byte offset in one is the same in the other.
 *
 * @param string $text Any bytes.
 */
function pubnet_widgets_intext_scrub( string $text ): string {
	if ( preg_match( '//u', $text ) ) {
		return $text;
	}
	$valid = '/\G(?:[\xC2-\xDF][\x80-\xBF]|\xE0[\xA0-\xBF][\x80-\xBF]|[\xE1-\xEC\xEE\xEF][\x80-\xBF]{2}|\xED[\x80-\x9F][\x80-\xBF]|\xF0[\x90-\xBF][\x80-\xBF]{2}|[\xF1-\xF3][\x80-\xBF]{3}|\xF4[\x80-\x8F][\x80-\xBF]{2})/';
	$at    = 0;
	$end   = strlen( $text );
	while ( true ) {
		$at += strspn( $text, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0A\x0B\x0C\x0D\x0E\x0F\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1A\x1B\x1C\x1D\x1E\x1F !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7F", $at );
		if ( $at >= $end ) {
			return $text;
		}
		if ( preg_match( $valid, $text, $match, 0, $at ) ) {
			$at += strlen( $match[0] );
		} else {
			$text[ $at ] = "\x1A";
			++$at;
		}
	}
}
