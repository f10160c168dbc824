<?php
/**
 * Server-rendered HTML reaches the page exactly as the proxy wrote it.
 *
 * Shortcodes and blocks print before WordPress's later content passes: in a classic theme
 * convert_smilies (20) and wp_filter_content_tags (12) run on the_content after them; in a
 * block theme get_the_block_template_html() runs wptexturize, convert_smilies,
 * wp_filter_content_tags and do_shortcode over the whole template after do_blocks. Any of
 * those could change the rendered markup, and do_shortcode would run a `[shortcode]` found in
 * an API product title. So, on front-end pages, the rendered HTML is printed as a placeholder
 * comment carrying a per-request random marker (API text cannot forge it), and an output
 * buffer puts the HTML back when the page is sent. Where there is no such buffer (REST block
 * previews, other contexts) the HTML is printed directly, and `no_texturize_tags` still keeps
 * wptexturize out of the elements and their shadow roots' <template>.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The tags wptexturize leaves alone, with the elements and `template` (their shadow roots).
 *
 * @param mixed $tags The tags WordPress gives.
 */
function pubnet_widgets_no_texturize_tags( $tags ) {
	return array_merge( (array) $tags, array_keys( pubnet_widgets_elements() ), array( 'template' ) );
}

/**
 * The placeholders of this request: marker and HTML by number (get), or a new one (add).
 *
 * @param string|null $html  HTML to keep, when adding.
 * @param bool        $start Whether the page is now buffered (template_redirect).
 * @return array `marker`, `html` (array of HTML), `buffering` (bool).
 */
function pubnet_widgets_placeholders( ?string $html = null, bool $start = false ): array {
	static $state = null;
	if ( null === $state ) {
		$state = array(
			'marker'    => wp_generate_password( 20, false ),
			'html'      => array(),
			'buffering' => false,
		);
	}
	if ( $start ) {
		$state['buffering'] = true;
	}
	if ( null !== $html ) {
		$state['html'][] = $html;
	}
	return $state;
}

/**
 * `html` protected from the content filters that run after it is printed.
 *
 * @param string $html Rendered HTML.
 */
function pubnet_widgets_protect( string $html ): string {
	if ( ! pubnet_widgets_placeholders()['buffering'] ) {
		return $html;
	}
	$state = pubnet_widgets_placeholders( $html );
	return '<!--pubnet-widgets:' . $state['marker'] . ':' . ( count( $state['html'] ) - 1 ) . '-->';
}

/**
 * The page with its placeholders replaced by their HTML.
 *
 * @param string $page The buffered page.
 */
function pubnet_widgets_restore( $page ) {
	$state = pubnet_widgets_placeholders();
	if ( ! is_string( $page ) || ! $state['html'] ) {
		return $page;
	}
	return preg_replace_callback(
		'/<!--pubnet-widgets:' . preg_quote( $state['marker'], '/' ) . ':(\d+)-->/',
		static fn( $m ) => $state['html'][ (int) $m[1] ] ?? '',
		$page
	);
}

/**
 * The page buffered, on front-end pages, so that the placeholders are replaced when it is
 * sent; started last on template_redirect: the innermost buffer, so it gets the page first.
 */
function pubnet_widgets_start_buffer(): void {
	if ( is_admin() || wp_doing_ajax() || ( defined( 'REST_REQUEST' ) && REST_REQUEST ) || is_embed() ) {
		return;
	}
	pubnet_widgets_placeholders( null, true );
	ob_start( 'pubnet_widgets_restore' );
}
