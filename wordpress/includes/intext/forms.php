<?php
/**
 * The Polish forms a text writes a merchant's name in (embed-contract "In-text links"), as
 * src/intext/forms.ts makes them: the name itself, and, when its last word is a regular noun,
 * that word inflected: Kaktus → Kaktusa, Kaktusu, Kaktusowi, Kaktusem, Kaktusie; Sówka → Sówki,
 * Sówce, Sówkę, Sówką; Allegro → Allegra, Allegru, Allegrem, Allegrze; in a name of several
 * words ("Media Raj") only the last word inflects ("Media Raju"). Regular rules only; a last
 * word that is no word (digits, an acronym, fewer than three letters), or a name with a dot
 * (a domain), does not inflect. test/intext/cases.json holds the forms both must make.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** A consonant and its locative form: Kaktus-ie, Kauflandzie, Expercie, Sephorze, Sówce. */
const PUBNET_WIDGETS_INTEXT_ALTERNATIONS = array(
	array( 'ch', 'sze' ),
	array( 'st', 'ście' ),
	array( 'k', 'ce' ),
	array( 'g', 'dze' ),
	array( 't', 'cie' ),
	array( 'd', 'dzie' ),
	array( 'r', 'rze' ),
	array( 'ł', 'le' ),
);

/** Ends in a soft consonant or a vowel: the genitive takes `-i` (Kolekcji, Ikei, Drogerii). */
const PUBNET_WIDGETS_INTEXT_SOFT_I = '/[ljśćńźkgaeiouyó]\z/u';

/** Ends in a hardened consonant: the genitive takes `-y` (Róży, Ulicy), as after a hard one. */
const PUBNET_WIDGETS_INTEXT_SOFT_Y = '/(?:[cż]|[cdrs]z)\z/u';

/**
 * The locative of a hard stem: its alternation, else `-ie` (Kaktusie, Castoramie).
 *
 * @param string $stem A word or a word less its ending.
 */
function pubnet_widgets_intext_locative( string $stem ): string {
	$lower = pubnet_widgets_intext_lower( $stem );
	foreach ( PUBNET_WIDGETS_INTEXT_ALTERNATIONS as list( $end, $form ) ) {
		if ( str_ends_with( $lower, $end ) ) {
			return mb_substr( $stem, 0, -mb_strlen( $end, 'UTF-8' ), 'UTF-8' ) . $form;
		}
	}
	return $stem . 'ie';
}

/**
 * The inflected forms of `word`, the last word of a name (none: it does not inflect).
 *
 * @param string $word Valid UTF-8.
 * @return string[]
 */
function pubnet_widgets_intext_inflect( string $word ): array {
	$lower = pubnet_widgets_intext_lower( $word );
	if ( ! preg_match( '/^\p{L}{3,}\z/u', $word ) || pubnet_widgets_intext_upper( $word ) === $word ) {
		return array();
	}
	$stem   = mb_substr( $word, 0, -1, 'UTF-8' );
	$before = mb_substr( $lower, 0, -1, 'UTF-8' );
	$end    = mb_substr( $lower, -1, null, 'UTF-8' );
	$soft_i = static fn( $text ) => 1 === preg_match( PUBNET_WIDGETS_INTEXT_SOFT_I, $text );
	$soft_y = static fn( $text ) => 1 === preg_match( PUBNET_WIDGETS_INTEXT_SOFT_Y, $text );
	$velar  = static fn( $text ) => 1 === preg_match( '/(?:[kg]|ch)\z/', $text );
	$kg     = static fn( $text ) => 1 === preg_match( '/[kg]\z/', $text );
	if ( 'a' === $end ) {
		// Feminine: Sówki, Sówce, Sówkę, Sówką; Castoramy, Castoramie; Kolekcji; Róży. A native
		// soft `-nia`, `-sia`, `-cia`, `-zia` keeps its `i` (Kwiaciarni, Kasi); a borrowed `-ria`,
		// `-dia`… adds one (Drogerii).
		$genitive = preg_match( '/[nscz]i\z/', $before ) ? $stem : $stem . ( $soft_i( $before ) ? 'i' : 'y' );
		$soft     = $soft_y( $before ) || ( $soft_i( $before ) && ! $kg( $before ) );
		return array( $genitive, $soft ? $genitive : pubnet_widgets_intext_locative( $stem ), $stem . 'ę', $stem . 'ą' );
	}
	if ( 'o' === $end ) {
		// Neuter: Allegra, Allegru, Allegrem, Allegrze; Jabłkiem, Jabłku; none after a vowel (Ceneo).
		if ( preg_match( '/[aeiouyó]\z/u', $before ) ) {
			return array();
		}
		return array(
			$stem . 'a',
			$stem . 'u',
			$stem . ( $kg( $before ) ? 'iem' : 'em' ),
			$velar( $before ) || $soft_i( $before ) || $soft_y( $before ) ? $stem . 'u' : pubnet_widgets_intext_locative( $stem ),
		);
	}
	if ( preg_match( '/[aeiouyóąę]\z/u', $end ) ) {
		return array();
	}
	// Masculine: Kaktusa, Kaktusu, Kaktusowi, Kaktusem, Kaktusie; Empiku, Empikiem; Lidlu.
	return array(
		$word . 'a',
		$word . 'u',
		$word . 'owi',
		$word . ( $kg( $lower ) ? 'iem' : 'em' ),
		$velar( $lower ) || $soft_i( $lower ) || $soft_y( $lower ) ? $word . 'u' : pubnet_widgets_intext_locative( $word ),
	);
}

/**
 * Every form of `name` a text may write, the name first, each once: its white space runs as
 * one space, its last word inflected unless the name has a dot (a domain: kaktus.pl).
 *
 * @param string $name Valid UTF-8.
 * @return string[]
 */
function pubnet_widgets_intext_forms( string $name ): array {
	$written = (string) preg_replace( '/' . PUBNET_WIDGETS_INTEXT_SPACE . '+/u', ' ', pubnet_widgets_intext_trim( $name ) );
	$forms   = array( $written );
	if ( preg_match( '/\p{L}+\z/u', $written, $last, PREG_OFFSET_CAPTURE ) && ! str_contains( $written, '.' ) ) {
		$head = substr( $written, 0, $last[0][1] );
		foreach ( pubnet_widgets_intext_inflect( $last[0][0] ) as $form ) {
			$forms[] = $head . $form;
		}
	}
	return array_values( array_unique( $forms, SORT_STRING ) );
}
