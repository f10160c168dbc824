<?php
/**
 * Where in a page mentions are never linked, and where its paragraphs end: the rules of
 * src/intext/rules.ts, which the browser's walk and the servers' share (embed-contract
 * "In-text links").
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** Elements whose text is never linked (and `pubnet-*`, `[contenteditable]`, `[data-pubnet=off]`). */
const PUBNET_WIDGETS_INTEXT_NEVER = array(
	'a'          => true,
	'button'     => true,
	'h1'         => true,
	'h2'         => true,
	'h3'         => true,
	'h4'         => true,
	'h5'         => true,
	'h6'         => true,
	'code'       => true,
	'pre'        => true,
	'kbd'        => true,
	'samp'       => true,
	'select'     => true,
	'label'      => true,
	'figcaption' => true,
	'svg'        => true,
	'math'       => true,
);

/** Elements whose content is no text of the page (it is neither read nor counted). */
const PUBNET_WIDGETS_INTEXT_SKIPPED = array(
	'script'   => true,
	'style'    => true,
	'textarea' => true,
	'title'    => true,
	'template' => true,
	'noscript' => true,
	'iframe'   => true,
	'xmp'      => true,
	'noembed'  => true,
	'noframes' => true,
);

/** Elements that end a paragraph where they start and where they end. */
const PUBNET_WIDGETS_INTEXT_BLOCKS = array(
	'address'    => true,
	'article'    => true,
	'aside'      => true,
	'blockquote' => true,
	'caption'    => true,
	'dd'         => true,
	'details'    => true,
	'dialog'     => true,
	'div'        => true,
	'dl'         => true,
	'dt'         => true,
	'fieldset'   => true,
	'figcaption' => true,
	'figure'     => true,
	'footer'     => true,
	'form'       => true,
	'h1'         => true,
	'h2'         => true,
	'h3'         => true,
	'h4'         => true,
	'h5'         => true,
	'h6'         => true,
	'header'     => true,
	'hgroup'     => true,
	'hr'         => true,
	'li'         => true,
	'main'       => true,
	'nav'        => true,
	'ol'         => true,
	'p'          => true,
	'pre'        => true,
	'section'    => true,
	'summary'    => true,
	'table'      => true,
	'tbody'      => true,
	'td'         => true,
	'tfoot'      => true,
	'th'         => true,
	'thead'      => true,
	'tr'         => true,
	'ul'         => true,
);

/**
 * Whether an element (`name`, lowercase, and its attributes) closes its content to links, but
 * for the publisher's own `exclude`.
 *
 * @param string $name       The element's name, lowercase.
 * @param array  $attributes Its attributes (lowercase name => decoded value).
 */
function pubnet_widgets_intext_closes( string $name, array $attributes ): bool {
	return isset( PUBNET_WIDGETS_INTEXT_NEVER[ $name ] )
		|| str_starts_with( $name, 'pubnet-' )
		|| 'off' === ( $attributes['data-pubnet'] ?? null )
		|| ( isset( $attributes['contenteditable'] ) && 'false' !== pubnet_widgets_intext_lower( $attributes['contenteditable'] ) );
}
