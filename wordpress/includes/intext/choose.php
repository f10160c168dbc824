<?php
/**
 * Which mentions become links (embed-contract "In-text links"), as src/intext/choose.ts
 * decides it, once over a page's text in reading order: each merchant once; at most one link
 * a paragraph; a link at least `per_words` words after the one before it; `max` in all; none
 * for a merchant the text already links to. The first mentions win.
 *
 * The text comes as runs (the text between two tags): a run's start and end are a word's
 * bounds, so a name split by markup ("Media <b>Raj</b>") is no mention.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** The limits of a page's links by default: 8 in all, one per 150 words. */
const PUBNET_WIDGETS_INTEXT_LIMITS = array(
	'max'       => 8,
	'per_words' => 150,
);

/**
 * The host of an http(s) URL, lowercase and without `www.`; '' for anything else.
 *
 * @param string $url Valid UTF-8.
 */
function pubnet_widgets_intext_site_of( string $url ): string {
	if ( ! preg_match( '#^https?://(?:[^@/?\#]*@)?([^:/?\#]+)#i', pubnet_widgets_intext_trim( $url ), $found ) ) {
		return '';
	}
	return (string) preg_replace( '/^www\./', '', pubnet_widgets_intext_lower( $found[1] ) );
}

/**
 * Whether a mention of `site`'s merchant is one the text already links to: a link to its host
 * or under it, or to a host it is under.
 *
 * @param string   $site   An entry's site.
 * @param string[] $linked The sites the text links to.
 */
function pubnet_widgets_intext_linked( string $site, array $linked ): bool {
	foreach ( $linked as $host ) {
		$host = (string) $host;
		if ( $site === $host || str_ends_with( $site, '.' . $host ) || str_ends_with( $host, '.' . $site ) ) {
			return true;
		}
	}
	return false;
}

/** What a page has linked so far, carried from one call to the next on a page. */
function pubnet_widgets_intext_new_page(): array {
	return array(
		'used'  => array(),
		'count' => 0,
		'words' => 0,
		'last'  => null,
		'sites' => array(),
	);
}

/**
 * The mentions to link in `runs`, given the sites the text links to and what was linked before
 * on the page (`page`, updated). Each chosen mention: array( 'run' => the run, 'start', 'end'
 * (bytes of its text), 'entry' => entry index ).
 *
 * @param iterable $runs     Runs: array( 'text', 'open', 'paragraph', … ), in reading order.
 * @param array    $compiled pubnet_widgets_intext_compile().
 * @param array    $limits   `max`, `per_words`.
 * @param string[] $linked   The sites the text links to.
 * @param array    $page     pubnet_widgets_intext_new_page(), or what an earlier call left.
 */
function pubnet_widgets_intext_choose( iterable $runs, array $compiled, array $limits, array $linked, array &$page ): array {
	$chosen     = array();
	$paragraphs = array();
	foreach ( $runs as $run ) {
		$text      = $run['text'];
		$paragraph = $run['paragraph'];
		// No link can start in this run: its words only count.
		if ( ! $run['open'] || $page['count'] >= $limits['max'] || isset( $paragraphs[ $paragraph ] ) ) {
			$page['words'] += preg_match_all( PUBNET_WIDGETS_INTEXT_WORD, $text );
			continue;
		}
		for ( $from = 0; preg_match( PUBNET_WIDGETS_INTEXT_WORD, $text, $found, PREG_OFFSET_CAPTURE, $from ); ) {
			list( $word, $at ) = $found[0];
			$may               = $page['count'] < $limits['max'] && ! isset( $paragraphs[ $paragraph ] )
				&& ( null === $page['last'] || $page['words'] - $page['last'] >= $limits['per_words'] );
			$key               = $may ? pubnet_widgets_intext_lower( $word ) : '';
			$mention           = $may && isset( $compiled['forms'][ $key ] ) ? pubnet_widgets_intext_mention_at( $text, $at, $compiled, $key ) : null;
			if ( null === $mention ) {
				++$page['words'];
				$from = $at + strlen( $word );
				continue;
			}
			list( $start, $end, $index ) = $mention;
			$entry                       = $compiled['entries'][ $index ];
			if ( ! isset( $page['used'][ $entry['offer'] ] ) && ! pubnet_widgets_intext_linked( $entry['site'], $linked ) ) {
				$chosen[]                         = array(
					'run'   => $run,
					'start' => $start,
					'end'   => $end,
					'entry' => $index,
				);
				$page['used'][ $entry['offer'] ] = true;
				++$page['count'];
				$page['last']             = $page['words'];
				$paragraphs[ $paragraph ] = true;
			}
			// The words of the mention count; none inside it starts another: the next word is
			// the first from its end.
			$page['words'] += preg_match_all( PUBNET_WIDGETS_INTEXT_WORD, substr( $text, $start, $end - $start ) );
			$from           = $end;
		}
	}
	return $chosen;
}
