<?php
/**
 * Finding a mention in a text, as src/intext/match.ts finds it: a lexicon compiled into its
 * forms by their first word, and the mention a text holds where a word starts. A mention is one
 * of an entry's forms (includes/intext/forms.php) as a whole word: no Unicode letter, mark or
 * digit on either side, its first character as in the name (lowercase "sówka", a bird, is no
 * "Sówka"), the rest in any case, a space of the name any run of white space; the longest form
 * first. Offsets are bytes of the text (valid UTF-8).
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The lowercase word of `text` at byte `at` ('' when no word starts there).
 *
 * @param string $text Valid UTF-8.
 * @param int    $at   A character's first byte.
 */
function pubnet_widgets_intext_first_word( string $text, int $at = 0 ): string {
	return preg_match( '/\G[\p{L}\p{M}\p{N}]+/u', $text, $word, 0, $at ) ? pubnet_widgets_intext_lower( $word[0] ) : '';
}

/**
 * `lexicon` (pubnet_widgets_intext_read_lexicon()) compiled: its forms by their lowercase first
 * word, the longest first (`forms`: key => list of array( form, entry index )); its entries'
 * offer, url, site and first name (`entries`); its `version`.
 *
 * @param array $lexicon A read lexicon.
 */
function pubnet_widgets_intext_compile( array $lexicon ): array {
	$forms   = array();
	$entries = array();
	$seen    = array();
	foreach ( $lexicon['entries'] as $index => $entry ) {
		$entries[ $index ] = array(
			'offer' => $entry['offer'],
			'url'   => $entry['url'],
			'site'  => pubnet_widgets_intext_site_of( $entry['url'] ),
			'name'  => $entry['names'][0],
		);
		foreach ( $entry['names'] as $name ) {
			foreach ( pubnet_widgets_intext_forms( $name ) as $text ) {
				$key = pubnet_widgets_intext_first_word( $text );
				if ( '' === $key || isset( $seen[ $key ][ $text ] ) ) {
					continue;
				}
				$seen[ $key ][ $text ] = true;
				$forms[ $key ][]       = array( $text, $index, pubnet_widgets_intext_length( $text ) );
			}
		}
	}
	foreach ( $forms as $key => $list ) {
		// Stable (PHP 8), as JavaScript's sort: of two forms as long, the first one first.
		usort( $list, static fn( $a, $b ) => $b[2] <=> $a[2] );
		$forms[ $key ] = array_map( static fn( $form ) => array( $form[0], $form[1] ), $list );
	}
	return array(
		'version' => $lexicon['version'],
		'forms'   => $forms,
		'entries' => $entries,
	);
}

/**
 * Where `form` ends when `text` writes it from `at` (its first character as written, the rest
 * in any case, a space any run of white space); -1 when it does not.
 *
 * @param string $text Valid UTF-8.
 * @param int    $at   Where it would start.
 * @param string $form A form.
 */
function pubnet_widgets_intext_end_of( string $text, int $at, string $form ): int {
	$i      = $at;
	$length = strlen( $form );
	for ( $j = 0; $j < $length; ) {
		$want = pubnet_widgets_intext_char( $form, $j );
		$have = pubnet_widgets_intext_char( $text, $i );
		if ( ' ' === $want ) {
			if ( ! pubnet_widgets_intext_is_space( $have ) ) {
				return -1;
			}
			while ( pubnet_widgets_intext_is_space( $have ) ) {
				$i   += strlen( $have );
				$have = pubnet_widgets_intext_char( $text, $i );
			}
		} elseif ( $have === $want
			// JavaScript compares one UTF-16 unit at a time: a character beyond U+FFFF only as itself.
			|| ( $j > 0 && '' !== $have && strlen( $have ) < 4 && strlen( $want ) < 4
				&& pubnet_widgets_intext_lower_char( $have ) === pubnet_widgets_intext_lower_char( $want ) ) ) {
			$i += strlen( $have );
		} else {
			return -1;
		}
		$j += strlen( $want );
	}
	return $i;
}

/**
 * The mention that starts at `at` in `text`, where the word `key` (lowercase) starts: the
 * longest form whose end is a word's end. array( start, end, entry index ), or null.
 *
 * @param string $text     Valid UTF-8.
 * @param int    $at       Where the word starts.
 * @param array  $compiled pubnet_widgets_intext_compile().
 * @param string $key      The word, lowercase.
 */
function pubnet_widgets_intext_mention_at( string $text, int $at, array $compiled, string $key ): ?array {
	foreach ( $compiled['forms'][ $key ] ?? array() as list( $form, $index ) ) {
		$end = pubnet_widgets_intext_end_of( $text, $at, $form );
		if ( $end > 0 && ! pubnet_widgets_intext_is_word_char( pubnet_widgets_intext_char( $text, $end ) ) ) {
			return array( $at, $end, $index );
		}
	}
	return null;
}
