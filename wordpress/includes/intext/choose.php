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
 * @param array|null $report When an array: every mention met is added to it as it is decided
 *                           (array( 'run', 'start', 'end', 'entry', 'reason', 'words' )), the
 *                           chosen ones with the reason `linked`, the others with the rule that
 *                           kept them from being a link (PUBNET_WIDGETS_INTEXT_REASONS). It
 *                           changes nothing of what is chosen.
 */
function pubnet_widgets_intext_choose( iterable $runs, array $compiled, array $limits, array $linked, array &$page, ?array &$report = null ): array {
	$chosen     = array();
	$paragraphs = array();
	foreach ( $runs as $run ) {
		$text      = $run['text'];
		$paragraph = $run['paragraph'];
		// No link can start in this run: its words only count.
		if ( ! $run['open'] || $page['count'] >= $limits['max'] || isset( $paragraphs[ $paragraph ] ) ) {
			if ( null !== $report ) {
				$reason = ! $run['open'] ? 'closed' : ( $page['count'] >= $limits['max'] ? 'max' : 'paragraph' );
				pubnet_widgets_intext_report_run( $run, $compiled, $reason, $report );
			}
			$page['words'] += preg_match_all( PUBNET_WIDGETS_INTEXT_WORD, $text );
			continue;
		}
		// Where the last mention reported but not looked for (no link could start) ends.
		$past = 0;
		for ( $from = 0; preg_match( PUBNET_WIDGETS_INTEXT_WORD, $text, $found, PREG_OFFSET_CAPTURE, $from ); ) {
			list( $word, $at ) = $found[0];
			$may               = $page['count'] < $limits['max'] && ! isset( $paragraphs[ $paragraph ] )
				&& ( null === $page['last'] || $page['words'] - $page['last'] >= $limits['per_words'] );
			$key               = $may ? pubnet_widgets_intext_lower( $word ) : '';
			$mention           = $may && isset( $compiled['forms'][ $key ] ) ? pubnet_widgets_intext_mention_at( $text, $at, $compiled, $key ) : null;
			if ( null === $mention ) {
				if ( null !== $report && ! $may && $at >= $past ) {
					// The mention a link could not start at, and the rule that stopped it.
					$key  = pubnet_widgets_intext_lower( $word );
					$seen = isset( $compiled['forms'][ $key ] ) ? pubnet_widgets_intext_mention_at( $text, $at, $compiled, $key ) : null;
					if ( null !== $seen ) {
						$reason   = $page['count'] >= $limits['max'] ? 'max' : ( isset( $paragraphs[ $paragraph ] ) ? 'paragraph' : 'spacing' );
						$report[] = array(
							'run'    => $run,
							'start'  => $seen[0],
							'end'    => $seen[1],
							'entry'  => $seen[2],
							'reason' => $reason,
							'words'  => 'spacing' === $reason ? $page['words'] - $page['last'] : null,
						);
						$past     = $seen[1];
					}
				}
				++$page['words'];
				$from = $at + strlen( $word );
				continue;
			}
			list( $start, $end, $index ) = $mention;
			$entry                       = $compiled['entries'][ $index ];
			$used                        = isset( $page['used'][ $entry['offer'] ] );
			$chose                       = ! $used && ! pubnet_widgets_intext_linked( $entry['site'], $linked );
			if ( null !== $report ) {
				$report[] = array(
					'run'    => $run,
					'start'  => $start,
					'end'    => $end,
					'entry'  => $index,
					'reason' => $chose ? 'linked' : ( $used ? 'repeat' : 'site' ),
					'words'  => null,
				);
			}
			if ( $chose ) {
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

/**
 * Why a mention is not a link, as pubnet_widgets_intext_choose() reports it (the first rule, in
 * the order it applies them, that kept it from being one): `closed` (in a place never linked:
 * a link, a heading, code…), `max` (the limit of links reached), `paragraph` (its paragraph has
 * a link), `spacing` (fewer than `per_words` words after the link before), `repeat` (its
 * merchant is linked earlier), `site` (the text links to its merchant); `linked` when it is one.
 */
const PUBNET_WIDGETS_INTEXT_REASONS = array( 'linked', 'repeat', 'paragraph', 'spacing', 'max', 'site', 'closed' );

/**
 * Adds the mentions of a run no link starts in to `report`, with `reason`: the same matcher as
 * the chooser's, from word to word, a mention's words skipped.
 *
 * @param array  $run      A run.
 * @param array  $compiled pubnet_widgets_intext_compile().
 * @param string $reason   Why none of them is a link.
 * @param array  $report   The report.
 */
function pubnet_widgets_intext_report_run( array $run, array $compiled, string $reason, array &$report ): void {
	$text = $run['text'];
	for ( $from = 0; preg_match( PUBNET_WIDGETS_INTEXT_WORD, $text, $found, PREG_OFFSET_CAPTURE, $from ); ) {
		list( $word, $at ) = $found[0];
		$key               = pubnet_widgets_intext_lower( $word );
		$mention           = isset( $compiled['forms'][ $key ] ) ? pubnet_widgets_intext_mention_at( $text, $at, $compiled, $key ) : null;
		if ( null === $mention ) {
			$from = $at + strlen( $word );
			continue;
		}
		$report[] = array(
			'run'    => $run,
			'start'  => $mention[0],
			'end'    => $mention[1],
			'entry'  => $mention[2],
			'reason' => $reason,
			'words'  => null,
		);
		$from     = $mention[1];
	}
}
