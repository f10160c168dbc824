<?php
/**
 * The links auto-linking may rewrite in post content (`the_content`) and comments (`comment_text`),
 * as chosen: each `<a>` there whose href is an absolute http(s) or protocol-relative URL gets
 * `data-pubnet-autolink` ("content" or "comment"), which the script tag's `data-scope` names
 * (includes/autolink/script-tag.php): no wrapper element, which would change a block theme's layout
 * (its rules for a container's children). A page with a marked link gets the auto-linking file.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** The attribute that puts a link of post content or comments in the scope. */
const PUBNET_WIDGETS_AUTOLINK_MARK = 'data-pubnet-autolink';

/**
 * `$html` (post content or a comment's text) with its links marked for the scope
 * (`data-pubnet-autolink="$where"`), when auto-linking works there; then the file is enqueued.
 * The links are found as WordPress's own link filters (wp_rel_ugc) find them.
 *
 * @param mixed  $html  The filtered HTML.
 * @param string $where `content` or `comment`.
 * @param string $key   The setting that turns it on there.
 */
function pubnet_widgets_autolink_mark( $html, string $where, string $key ) {
	if ( ! is_string( $html ) || false === stripos( $html, '<a' ) || is_admin() || is_feed()
		|| ( defined( 'REST_REQUEST' ) && REST_REQUEST ) ) {
		return $html;
	}
	$settings = pubnet_widgets_settings();
	if ( ! $settings['autolink'] || ! $settings[ $key ] ) {
		return $html;
	}
	$marked = false;
	$html   = preg_replace_callback(
		'/<a\s[^>]*>/i',
		static function ( $match ) use ( $where, &$marked ) {
			$tag = $match[0];
			if ( ! preg_match( '/\shref\s*=\s*["\']?\s*(?:https?:)?\/\//i', $tag )
				|| preg_match( '/\s' . PUBNET_WIDGETS_AUTOLINK_MARK . '[\s=>\/]/i', $tag ) ) {
				return $tag;
			}
			$marked = true;
			return '<a ' . PUBNET_WIDGETS_AUTOLINK_MARK . '="' . $where . '"' . substr( $tag, 2 );
		},
		$html
	);
	if ( $marked ) {
		wp_enqueue_script( 'pubnet-widgets-autolink' );
	}
	return $html;
}
