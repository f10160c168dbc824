<?php
/**
 * The plugin's own copy of the auto-linking file (assets/pubnet-autolink.min.js), configured
 * through the data-* attributes of its script tag (docs/autolink.md):
 * - the scope: the links marked in post content and comments (includes/autolink/mark.php), and the
 *   include classes (`.name`: links in such elements, anywhere in the page);
 * - exclude classes and excluded domains (each with its subdomains) go into `data-exclude`;
 * - the consent mode "tcf" is the file's default (a TCF CMP on the page decides; none:
 *   allowed); "always" is `data-consent="manual"` and a call of `Pubnet.autolink.consent(true)`
 *   once the document is parsed. Global Privacy Control is respected in both.
 * The file is enqueued once, in the footer, `defer`, with its SRI hash: on every page when there
 * are include classes, else on the pages whose content or comments have a marked link.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The CSS selectors of the links to `$host` and its subdomains, in whatever case they are
 * written (`i`): its name after `//` or a `.`, then `/`, `?`, `#`, `:` or the end of the href.
 *
 * @param string $host A host name (pubnet_widgets_is_host).
 */
function pubnet_widgets_autolink_host_selectors( string $host ): array {
	$selectors = array();
	foreach ( array( '//', '.' ) as $before ) {
		$selectors[] = 'a[href$="' . $before . $host . '" i]';
		foreach ( array( '/', '?', '#', ':' ) as $after ) {
			$selectors[] = 'a[href*="' . $before . $host . $after . '" i]';
		}
	}
	return $selectors;
}

/**
 * The data-* attributes of the auto-linking file's script tag (docs/autolink.md), from the
 * settings. Empty ones are left out (the file takes an empty attribute as absent).
 */
function pubnet_widgets_autolink_data(): array {
	$settings = pubnet_widgets_settings();
	$class    = static fn( $name ) => '.' . $name;
	$scope    = array_map( $class, $settings['autolink_include_classes'] );
	if ( $settings['autolink_content'] || $settings['autolink_comments'] ) {
		array_unshift( $scope, '[' . PUBNET_WIDGETS_AUTOLINK_MARK . ']' );
	}
	$exclude = array_map( $class, $settings['autolink_exclude_classes'] );
	foreach ( $settings['autolink_exclude_domains'] as $host ) {
		$exclude = array_merge( $exclude, pubnet_widgets_autolink_host_selectors( $host ) );
	}
	$data = array(
		'data-api'     => pubnet_widgets_api_url(),
		'data-key'     => $settings['website_key'],
		'data-sid'     => $settings['sid'],
		'data-scope'   => implode( ', ', $scope ),
		'data-exclude' => implode( ', ', $exclude ),
		'data-consent' => 'always' === $settings['autolink_consent'] ? 'manual' : '',
	);
	return array_filter( $data, static fn( $value ) => '' !== $value );
}

/** Registers the auto-linking file (enqueued by the pages that need it). */
function pubnet_widgets_register_autolink_script(): void {
	wp_register_script( 'pubnet-widgets-autolink', plugins_url( 'assets/pubnet-autolink.min.js', PUBNET_WIDGETS_FILE ), array(), PUBNET_WIDGETS_VERSION, true );
}

/** The auto-linking file on every page when there are include classes. */
function pubnet_widgets_enqueue_autolink(): void {
	// Include classes may be anywhere in a page: the file is on every one.
	if ( pubnet_widgets_autolink_on() && pubnet_widgets_settings()['autolink_include_classes'] ) {
		wp_enqueue_script( 'pubnet-widgets-autolink' );
	}
}

/**
 * The auto-linking file's script tag: its data-* attributes, `defer`, its SRI hash; nothing
 * when auto-linking was turned off while the page was being made. Other scripts' tags as they
 * are.
 *
 * @param string $tag    The tag WordPress made.
 * @param string $handle The script's handle.
 * @param string $src    Its URL.
 */
function pubnet_widgets_autolink_script_tag( $tag, $handle, $src ) {
	if ( 'pubnet-widgets-autolink' !== $handle ) {
		return $tag;
	}
	if ( ! pubnet_widgets_autolink_on() ) {
		return ''; // Turned off while the page was being made: nothing of it.
	}
	$attributes = array(
		'src'   => $src,
		'defer' => true,
	);
	$sri        = pubnet_widgets_sri( 'pubnet-autolink.min.js' );
	if ( '' !== $sri ) {
		$attributes['integrity']   = $sri;
		$attributes['crossorigin'] = 'anonymous';
	}
	// wp_get_script_tag() escapes every attribute and lets CSP plugins add a nonce.
	$tag = wp_get_script_tag( $attributes + pubnet_widgets_autolink_data() );
	if ( 'always' === pubnet_widgets_settings()['autolink_consent'] ) {
		// The deferred file has run before DOMContentLoaded; a copy of another page's, in
		// its own consent mode, throws here, and keeps its mode.
		$tag .= wp_get_inline_script_tag( 'document.addEventListener("DOMContentLoaded",function(){try{window.Pubnet.autolink.consent(true)}catch(e){}});' );
	}
	return $tag;
}
