<?php
/**
 * Every mention of the lexicon's merchants in an HTML, and whether it would be linked and if
 * not why not, for the block editor's sidebar (includes/intext/sidebar.php): the matcher's own
 * walk and decisions (pubnet_widgets_intext_find() with a report), so what it says is linked is
 * what the post gets. Plain PHP, as the matcher: no WordPress.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The mentions of `html`, in reading order, as a post's content on its own (the start of its
 * page): array( 'walked' => whether the walk read the HTML (false: too much for its budget, no
 * links), 'links' => how many it makes, 'mentions' => the first `most`, 'more' => whether there
 * are more ). Each mention: `text` (as it reads), `merchant` (its entry's first name), `site`,
 * `url` (its link's), `linked`, `reason` (PUBNET_WIDGETS_INTEXT_REASONS), `words` (for
 * `spacing`: the words since the link before, else null), `from` and `to` (bytes of the HTML).
 *
 * @param string $html     The HTML.
 * @param array  $compiled pubnet_widgets_intext_compile().
 * @param array  $options  `max`, `per_words`, `exclude`.
 * @param int    $most     The most mentions given.
 * @throws InvalidArgumentException Naming a bad option.
 */
function pubnet_widgets_intext_mentions( string $html, array $compiled, array $options, int $most ): array {
	$page   = pubnet_widgets_intext_new_page();
	$report = array();
	$edits  = pubnet_widgets_intext_find( $html, $compiled, $options, $page, $report );
	$found  = $report ?? array();
	$given  = array();
	foreach ( array_slice( $found, 0, max( 0, $most ) ) as $mention ) {
		$entry   = $compiled['entries'][ $mention['entry'] ];
		$given[] = array(
			'text'     => $mention['text'],
			'merchant' => $entry['name'] ?? $entry['site'],
			'site'     => $entry['site'],
			'url'      => $entry['url'],
			'linked'   => 'linked' === $mention['reason'],
			'reason'   => $mention['reason'],
			'words'    => $mention['words'],
			'from'     => $mention['from'],
			'to'       => $mention['to'],
		);
	}
	return array(
		'walked'   => null !== $report,
		'links'    => count( $edits ),
		'mentions' => $given,
		'more'     => count( $found ) > count( $given ),
	);
}
