<?php
/**
 * In-text links in the HTML WordPress renders (embed-contract "In-text links setting"): on the
 * front end, a post's content (`the_content`) and, when chosen, its comments (`comment_text`)
 * get their mentions of the network's merchants linked in PHP, by the matcher of
 * includes/intext/ from the lexicon of includes/proxy/lexicon.php, so that the links are in
 * the page without JavaScript; auto-linking then makes them tracking links like any other.
 *
 * A post and its comments are one page to the limits (links in all, each merchant once, one per
 * 150 words): the comments continue where the post's content left off. The links made are
 * kept (the bounded store `intext`, a day) by what they depend on: the post (or comment) and
 * its revision, the HTML itself, the lexicon's version, the limits and what came before on the
 * page; a render that finds them does no matching. Not in feeds, REST answers, the admin,
 * excerpts (their text would be cut from the links, and the disclosure would read as the
 * post's first words) or embeds.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** How long the links made in a post or comment are kept (seconds). */
const PUBNET_WIDGETS_INTEXT_TTL = 86400;

/** The most linked sites of a page carried from its content to its comments. */
const PUBNET_WIDGETS_INTEXT_SITES = 200;

/** Whether this rendering gets in-text links: the front end's pages, not an excerpt. */
function pubnet_widgets_intext_here(): bool {
	return pubnet_widgets_intext_available() && ! is_admin() && ! is_feed() && ! is_embed() && ! wp_doing_ajax()
		&& ! ( defined( 'REST_REQUEST' ) && REST_REQUEST ) && ! doing_filter( 'get_the_excerpt' );
}

/**
 * The lexicon, compiled (once per request and version); null while there is none.
 *
 * @param string $version The version the caller expects (its cache key's).
 */
function pubnet_widgets_intext_compiled( string $version ): ?array {
	static $compiled = array();
	if ( ! isset( $compiled[ $version ] ) ) {
		$lexicon = pubnet_widgets_lexicon();
		if ( null === $lexicon || $lexicon['version'] !== $version ) {
			return null;
		}
		$read = pubnet_widgets_intext_read_lexicon( json_decode( $lexicon['json'], false ) );
		if ( null === $read ) {
			return null;
		}
		$compiled = array( $version => pubnet_widgets_intext_compile( $read ) );
	}
	return $compiled[ $version ];
}

/**
 * What a page (a post and its comments) has linked so far in this request (get), or after one
 * more rendering (set).
 *
 * @param int        $post The post.
 * @param array|null $page What it has linked, when setting.
 */
function pubnet_widgets_intext_page( int $post, ?array $page = null ): array {
	static $pages = array();
	if ( null !== $page ) {
		$pages[ $post ] = $page;
	}
	return $pages[ $post ] ?? pubnet_widgets_intext_new_page();
}

/**
 * The in-text links of `html`, a post's content or a comment's text: `html` with them, and how
 * many there are. Kept by what they depend on; made (and kept) when not.
 *
 * @param string $html     The rendered HTML.
 * @param string $what     `post:<id>` or `comment:<id>`.
 * @param string $revision What changes with the text (a post's modified time).
 * @param int    $post     The post whose page it is on.
 * @return array array( html, links made ).
 */
function pubnet_widgets_intext_render( string $html, string $what, string $revision, int $post ): array {
	$state = pubnet_widgets_lexicon_state();
	if ( '' === $state['version'] || pubnet_widgets_lexicon_basis( pubnet_widgets_settings() ) !== $state['basis'] ) {
		// None yet (built now, at most once an hour), or the aliases or exclusions changed.
		if ( null === pubnet_widgets_lexicon() ) {
			return array( $html, 0 );
		}
		$state = pubnet_widgets_lexicon_state();
	} else {
		pubnet_widgets_lexicon_check( $state );
	}
	$max   = pubnet_widgets_settings()['intext_max'];
	$page  = pubnet_widgets_intext_page( $post );
	$key   = md5( implode( "\n", array( $what, $revision, md5( $html ), $state['version'], $max, PUBNET_WIDGETS_VERSION, md5( serialize( $page ) ) ) ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- a key.
	$kept  = pubnet_widgets_store_get( 'intext', $key );
	if ( null !== $kept && isset( $kept['edits'], $kept['page'] ) && is_array( $kept['edits'] ) && is_array( $kept['page'] )
		&& pubnet_widgets_intext_fits( $kept['edits'], strlen( $html ) ) ) {
		pubnet_widgets_intext_page( $post, $kept['page'] );
		return array( pubnet_widgets_intext_apply( $html, $kept['edits'] ), count( $kept['edits'] ) );
	}
	$compiled = pubnet_widgets_intext_compiled( $state['version'] );
	if ( null === $compiled ) {
		return array( $html, 0 );
	}
	$edits = pubnet_widgets_intext_find( $html, $compiled, array( 'max' => $max ), $page );
	// The sites carried to the comments, bounded.
	$page['sites'] = array_slice( $page['sites'], 0, PUBNET_WIDGETS_INTEXT_SITES, true );
	/**
	 * Fires when the matcher ran over a post's content or a comment (its links were not kept).
	 *
	 * @param string $what  `post:<id>` or `comment:<id>`.
	 * @param int    $links The links it made.
	 */
	do_action( 'pubnet_widgets_intext_matched', $what, count( $edits ) );
	$value = array(
		'edits' => $edits,
		'page'  => $page,
	);
	pubnet_widgets_store_set( 'intext', $key, $value, PUBNET_WIDGETS_INTEXT_TTL, (string) wp_json_encode( $value ) );
	pubnet_widgets_intext_page( $post, $page );
	return array( pubnet_widgets_intext_apply( $html, $edits ), count( $edits ) );
}

/**
 * Whether kept edits fit an HTML of `length` bytes: in order, inside it, none overlapping.
 *
 * @param array $edits  array( from, to, url ) each.
 * @param int   $length The HTML's length.
 */
function pubnet_widgets_intext_fits( array $edits, int $length ): bool {
	$last = 0;
	foreach ( $edits as $edit ) {
		if ( ! is_array( $edit ) || ! isset( $edit[0], $edit[1], $edit[2] ) || ! is_int( $edit[0] ) || ! is_int( $edit[1] )
			|| ! is_string( $edit[2] ) || $edit[0] < $last || $edit[1] <= $edit[0] || $edit[1] > $length ) {
			return false;
		}
		$last = $edit[1];
	}
	return true;
}

/**
 * The disclosure sentence after the first rendering of a page that got in-text links (once a
 * page: after the post's content, or after the first comment with links of a post whose content
 * had none); '' when it is printed already or the setting has none.
 *
 * @param int $post The post.
 */
function pubnet_widgets_intext_disclosure( int $post ): string {
	static $disclosed = array();
	$text = pubnet_widgets_settings()['intext_disclosure'];
	if ( isset( $disclosed[ $post ] ) || '' === $text ) {
		return '';
	}
	$disclosed[ $post ] = true;
	return '<p class="pubnet-intext-disclosure">' . esc_html( $text ) . '</p>';
}

/**
 * `the_content`: the post's content with its in-text links, and the disclosure after it.
 *
 * @param mixed $html The filtered content.
 */
function pubnet_widgets_intext_content( $html ) {
	if ( ! is_string( $html ) || '' === $html || ! pubnet_widgets_intext_here() ) {
		return $html;
	}
	$settings = pubnet_widgets_settings();
	$post     = get_post();
	if ( ! $settings['intext'] || ! $settings['intext_content'] || ! $post instanceof WP_Post ) {
		return $html;
	}
	list( $linked, $links ) = pubnet_widgets_intext_render( $html, 'post:' . $post->ID, (string) $post->post_modified_gmt, (int) $post->ID );
	return $links > 0 ? $linked . pubnet_widgets_intext_disclosure( (int) $post->ID ) : $linked;
}

/**
 * `comment_text`: a comment's text with its in-text links, when comments are chosen.
 *
 * @param mixed $html    The filtered text.
 * @param mixed $comment The comment.
 */
function pubnet_widgets_intext_comment( $html, $comment = null ) {
	if ( ! is_string( $html ) || '' === $html || ! $comment instanceof WP_Comment || ! pubnet_widgets_intext_here() ) {
		return $html;
	}
	$settings = pubnet_widgets_settings();
	if ( ! $settings['intext'] || ! $settings['intext_comments'] ) {
		return $html;
	}
	$post                   = (int) $comment->comment_post_ID;
	list( $linked, $links ) = pubnet_widgets_intext_render( $html, 'comment:' . $comment->comment_ID, md5( (string) $comment->comment_content ), $post );
	return $links > 0 ? $linked . pubnet_widgets_intext_disclosure( $post ) : $linked;
}
