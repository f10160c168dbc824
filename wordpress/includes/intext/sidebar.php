<?php
/**
 * The block editor's In-text links panel's route (embed contract, "In-text links setting": "The
 * block editor's sidebar shows which mentions of the post would be linked"):
 * `POST /wp-json/pubnet/v1/intext/mentions` with `content` (the post's content as the editor
 * has it, saved or not) and `post` (its id, optional) answers every mention of the lexicon's
 * merchants in it, in reading order, whether it would be linked and if not why not
 * (includes/intext/report.php: the matcher's own decisions).
 *
 * Editors only (`edit_post` of the post, else `edit_posts`; the REST nonce, which wp.apiFetch
 * sends). The content is at most PUBNET_WIDGETS_INTEXT_REPORT_BYTES (413 beyond). Nothing is
 * stored and nothing is fetched: the lexicon is the one kept (none yet: the answer says so,
 * no build), the content is rendered as `the_content` renders it with no outgoing request (no
 * oEmbed, no server render of the widgets).
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** The most bytes of content the route reads. */
const PUBNET_WIDGETS_INTEXT_REPORT_BYTES = 524288;

/** The most mentions an answer lists. */
const PUBNET_WIDGETS_INTEXT_REPORT_MENTIONS = 500;

/** Registers `POST /wp-json/pubnet/v1/intext/mentions`. */
function pubnet_widgets_register_intext_route(): void {
	register_rest_route(
		'pubnet/v1',
		'/intext/mentions',
		array(
			'methods'             => 'POST',
			'callback'            => 'pubnet_widgets_intext_mentions_answer',
			'permission_callback' => 'pubnet_widgets_intext_mentions_allowed',
		)
	);
}

/**
 * Whether the user may ask: one who may edit the post named, or posts when none is.
 *
 * @param WP_REST_Request $request The request.
 */
function pubnet_widgets_intext_mentions_allowed( WP_REST_Request $request ): bool {
	$post = $request->get_param( 'post' );
	if ( null === $post || '' === $post || 0 === $post || '0' === $post ) {
		return current_user_can( 'edit_posts' );
	}
	if ( ! is_scalar( $post ) || ! preg_match( '/^[1-9][0-9]{0,18}$/', (string) $post ) ) {
		return false;
	}
	return current_user_can( 'edit_post', (int) $post );
}

/**
 * The lexicon kept, compiled; null while there is none. Never built here: one whose aliases
 * or exclusions changed is made again from the kept offers, and not kept.
 */
function pubnet_widgets_intext_kept_lexicon(): ?array {
	$state = pubnet_widgets_lexicon_state();
	$kept  = '' === $state['version'] ? null : pubnet_widgets_store_get( 'lexicon', 'current' );
	if ( null === $kept || ! isset( $kept['json'], $kept['version'] ) ) {
		return null;
	}
	$json     = (string) $kept['json'];
	$settings = pubnet_widgets_settings();
	if ( $state['basis'] !== pubnet_widgets_lexicon_basis( $settings ) ) {
		$entries = json_decode( (string) ( $kept['offers'] ?? '' ), true );
		$json    = pubnet_widgets_lexicon_make( is_array( $entries ) ? $entries : array(), $settings )['json'];
	}
	$read = pubnet_widgets_intext_read_lexicon( json_decode( $json, false ) );
	return null === $read ? null : pubnet_widgets_intext_compile( $read );
}

/**
 * `content` as the front end's `the_content` renders it for `post` (blocks, shortcodes,
 * paragraphs), with no outgoing request: the widgets without their server render, URLs not
 * embedded, any other request refused.
 *
 * @param string $content The post's content, as saved.
 * @param int    $post    The post (0: none).
 */
function pubnet_widgets_intext_preview_html( string $content, int $post ): string {
	global $wp_embed;
	$previous = $GLOBALS['post'] ?? null;
	$target   = $post > 0 ? get_post( $post ) : null;
	if ( $target instanceof WP_Post ) {
		$GLOBALS['post'] = $target; // phpcs:ignore WordPress.WP.GlobalVariablesOverride -- restored below.
		setup_postdata( $target );
	}
	$refuse    = static fn() => new WP_Error( 'pubnet_widgets_preview', 'No request while listing in-text mentions.' );
	$no_render = static function ( $value ) {
		if ( is_array( $value ) ) {
			$value['render_endpoint'] = '';
		}
		return $value;
	};
	add_filter( 'pre_http_request', $refuse, PHP_INT_MAX );
	add_filter( 'option_' . PUBNET_WIDGETS_OPTION, $no_render, PHP_INT_MAX );
	$embeds = array();
	if ( $wp_embed instanceof WP_Embed ) {
		foreach ( array( 'run_shortcode', 'autoembed' ) as $method ) {
			$priority = has_filter( 'the_content', array( $wp_embed, $method ) );
			if ( false !== $priority ) {
				$embeds[ $method ] = $priority;
				remove_filter( 'the_content', array( $wp_embed, $method ), $priority );
			}
		}
	}
	try {
		$html = (string) apply_filters( 'the_content', $content ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals -- WordPress's own.
	} finally {
		foreach ( $embeds as $method => $priority ) {
			add_filter( 'the_content', array( $wp_embed, $method ), $priority );
		}
		remove_filter( 'option_' . PUBNET_WIDGETS_OPTION, $no_render, PHP_INT_MAX );
		remove_filter( 'pre_http_request', $refuse, PHP_INT_MAX );
		$GLOBALS['post'] = $previous; // phpcs:ignore WordPress.WP.GlobalVariablesOverride -- as it was.
		if ( $previous instanceof WP_Post ) {
			setup_postdata( $previous );
		}
	}
	return $html;
}

/**
 * Whether in-text links would link a post's content: '' when they would, else why not: `off`
 * (the setting), `posts` (on for comments only), `max` (0 links a post), `mbstring` (PHP has no
 * mbstring here).
 */
function pubnet_widgets_intext_post_state(): string {
	$settings = pubnet_widgets_settings();
	if ( ! $settings['intext'] ) {
		return 'off';
	}
	if ( ! $settings['intext_content'] ) {
		return 'posts';
	}
	if ( $settings['intext_max'] < 1 ) {
		return 'max';
	}
	return pubnet_widgets_intext_available() ? '' : 'mbstring';
}

/**
 * The answer: 200 with `{ on, off, lexicon, max, per_words, walked, links, mentions, more }`
 * (`off`: why in-text links would link nothing, pubnet_widgets_intext_post_state(), then each
 * mention that would be a link has the reason `off`); 400 without `content` as a string; 413
 * with more than PUBNET_WIDGETS_INTEXT_REPORT_BYTES of it.
 *
 * @param WP_REST_Request $request The request.
 */
function pubnet_widgets_intext_mentions_answer( WP_REST_Request $request ) {
	$content = $request->get_param( 'content' );
	if ( ! is_string( $content ) ) {
		return new WP_Error( 'pubnet_widgets_intext_content', __( 'The post\'s content is missing.', 'pubnet-widgets' ), array( 'status' => 400 ) );
	}
	if ( strlen( $content ) > PUBNET_WIDGETS_INTEXT_REPORT_BYTES ) {
		return new WP_Error(
			'pubnet_widgets_intext_too_large',
			/* translators: %d: a number of KiB. */
			sprintf( __( 'The post is too long to list its mentions (more than %d KiB).', 'pubnet-widgets' ), PUBNET_WIDGETS_INTEXT_REPORT_BYTES / 1024 ),
			array( 'status' => 413 )
		);
	}
	$settings = pubnet_widgets_settings();
	$off      = pubnet_widgets_intext_post_state();
	$answer   = array(
		'on'        => '' === $off,
		'off'       => '' === $off ? null : $off,
		'lexicon'   => false,
		'max'       => $settings['intext_max'],
		'per_words' => PUBNET_WIDGETS_INTEXT_LIMITS['per_words'],
		'walked'    => true,
		'links'     => 0,
		'mentions'  => array(),
		'more'      => false,
	);
	$compiled = 'mbstring' === $off ? null : pubnet_widgets_intext_kept_lexicon();
	if ( null !== $compiled ) {
		$post   = (int) $request->get_param( 'post' );
		$report = pubnet_widgets_intext_mentions(
			pubnet_widgets_intext_preview_html( $content, max( 0, $post ) ),
			$compiled,
			array( 'max' => $settings['intext_max'] ),
			PUBNET_WIDGETS_INTEXT_REPORT_MENTIONS
		);
		if ( '' !== $off ) {
			foreach ( $report['mentions'] as &$mention ) {
				if ( $mention['linked'] ) {
					$mention['linked'] = false;
					$mention['reason'] = 'off';
				}
			}
			unset( $mention );
			$report['links'] = 0;
		}
		$answer = array_merge( $answer, $report, array( 'lexicon' => true ) );
	}
	$response = rest_ensure_response( $answer );
	$response->header( 'Cache-Control', 'no-store' );
	return $response;
}
