<?php
/**
 * Server-rendered HTML reaches a page only through an allow-list (api-contract §13): the
 * widgets' own elements and attributes, their declarative shadow roots
 * (`<template shadowrootmode>`), the elements inside them (the set src/render writes), and
 * the element styles' `<link rel="stylesheet">` and, inside a shadow root, `<style>`.
 * Anything else is dropped: other elements (with the content of `<script>` and the other
 * raw-text elements), event handlers and every attribute not listed, URLs that are not http(s)
 * or relative, a creative's `<iframe>` without its sandbox.
 *
 * The HTML is read as a browser's tokenizer reads it (HTML Living Standard, §13.2.5). A tag
 * that is allowed and needs no change is written as it came, but only when it is in a plain
 * form every parser reads alike (lower-case names, quoted or simple values, HTML whitespace);
 * else it is written anew from what was read. So the render endpoint's own markup passes byte
 * for byte, and nothing else can: whatever the browser reads in the result is what was checked.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** Elements whose content is raw text to a browser (dropped with them when not allowed). */
const PUBNET_WIDGETS_RAW_TEXT = array( 'script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'textarea', 'title' );

/** Elements without an end tag. */
const PUBNET_WIDGETS_VOID = array( 'img', 'link' );

/** The sandbox a creative's frame may have: no scripts, no same origin, no top navigation. */
const PUBNET_WIDGETS_SANDBOX = array( 'allow-popups', 'allow-popups-to-escape-sandbox' );

/** The allowed elements and, for each, its allowed attributes. */
function pubnet_widgets_html_policy(): array {
	// Each element's attributes, the answer it was rendered from and the room it takes (which
	// pubnet.css reads); `api` is not among them: the plugin decides where its widgets call.
	$policy = array();
	foreach ( pubnet_widgets_elements() as $tag => $element ) {
		$policy[ $tag ] = array_merge( array_values( array_diff( (array) $element['attributes'], array( 'api' ) ) ), array( 'data-answer', 'data-room' ) );
	}
	return $policy + array(
		'template'            => array( 'shadowroot', 'shadowrootmode' ),
		'style'               => array( 'nonce' ),
		'link'                => array( 'rel', 'href', 'slot' ),
		'slot'                => array( 'name' ),
		'div'                 => array( 'class', 'part', 'style', 'data-i', 'slot' ),
		'span'                => array( 'class', 'part', 'aria-hidden' ),
		'ul'                  => array( 'class', 'part', 'role', 'aria-label', 'aria-busy' ),
		'li'                  => array( 'class', 'part', 'aria-hidden' ),
		'dl'                  => array( 'part' ),
		'dt'                  => array(),
		'dd'                  => array(),
		'p'                   => array( 'part' ),
		'a'                   => array( 'class', 'part', 'data-i', 'href', 'rel', 'target', 'aria-label' ),
		'img'                 => array( 'part', 'src', 'alt', 'width', 'height', 'loading', 'decoding' ),
		'ins'                 => array(),
		'del'                 => array(),
		'iframe'              => array( 'srcdoc', 'sandbox', 'marginwidth', 'marginheight', 'title' ),
	);
}

/**
 * Whether an attribute's value may stay. Its raw text: an `&` only as `&amp;`, so that what
 * is checked is what a browser decodes.
 *
 * @param string $tag   The element.
 * @param string $name  The attribute (lower case).
 * @param string $raw   Its value as written (entities not decoded).
 */
function pubnet_widgets_html_value_ok( string $tag, string $name, string $raw ): bool {
	if ( in_array( $name, array( 'href', 'src', 'deep-link' ), true ) ) {
		if ( preg_match( '/&(?!amp;)/', $raw ) ) {
			return false;
		}
		$url = str_replace( '&amp;', '&', $raw );
		// http(s), or relative (a path, a query, a fragment): never another scheme, no whitespace.
		return ! preg_match( '/[\x00-\x20\x7f]/', $url ) && 1 === preg_match( '#^(?:https?://[^/]|/|\?|\#|\./)#i', $url );
	}
	if ( 'style' === $name ) {
		// A manual slot's canvas and places (src/components/adslot/manual-canvas.ts), nothing else.
		return 1 === preg_match( '/^(?:(?:--canvas-width|--canvas-height|left|top|width|height):\d{1,6}px(?:;|$))+$/', $raw );
	}
	if ( 'data-room' === $name ) {
		// Its tokens (src/components/base/reserve.css): words and numbers.
		return 1 === preg_match( '/^[a-z0-9 ]{1,64}$/', $raw );
	}
	if ( 'shadowroot' === $name || 'shadowrootmode' === $name ) {
		return in_array( $raw, array( 'open', 'closed' ), true );
	}
	if ( 'link' === $tag && 'rel' === $name ) {
		return 'stylesheet' === strtolower( $raw );
	}
	if ( 'sandbox' === $name ) {
		$tokens = preg_split( '/[\t\n\f\r ]+/', strtolower( trim( $raw ) ), -1, PREG_SPLIT_NO_EMPTY );
		return ! preg_match( '/&/', $raw ) && ! array_diff( $tokens, PUBNET_WIDGETS_SANDBOX );
	}
	return true;
}

/**
 * One tag read at `at` (a `<` followed by a letter, or `</` and a letter) as a browser's
 * tokenizer reads it: its name (lower case), attributes (name lower case => raw value, the
 * first of each name), whether one was repeated, and where it ends. Null when the input ends
 * inside it (a browser drops such a tag).
 *
 * @param string $html The HTML.
 * @param int    $at   Where the tag starts.
 */
function pubnet_widgets_html_tag( string $html, int $at ): ?array {
	$ws = "\t\n\f\r ";
	if ( ! preg_match( '#\G</?([A-Za-z][^\t\n\f\r />]*)#', $html, $m, 0, $at ) ) {
		return null;
	}
	$tag        = array(
		'name'     => strtolower( $m[1] ),
		'end'      => '/' === $html[ $at + 1 ],
		'attrs'    => array(),
		'repeated' => false,
	);
	$pos        = $at + strlen( $m[0] );
	$length     = strlen( $html );
	while ( true ) {
		$pos += strspn( $html, $ws . '/', $pos );
		if ( $pos >= $length ) {
			return null;
		}
		if ( '>' === $html[ $pos ] ) {
			$tag['next'] = $pos + 1;
			return $tag;
		}
		// An attribute's name: its first character may be `=`.
		$size  = 1 + strcspn( $html, $ws . '/>=', $pos + 1 );
		$name  = strtolower( substr( $html, $pos, $size ) );
		$pos  += $size;
		$value = '';
		$after = $pos + strspn( $html, $ws, $pos );
		if ( $after < $length && '=' === $html[ $after ] ) {
			$pos = $after + 1 + strspn( $html, $ws, $after + 1 );
			if ( $pos >= $length ) {
				return null;
			}
			$quote = $html[ $pos ];
			if ( '"' === $quote || "'" === $quote ) {
				$close = strpos( $html, $quote, $pos + 1 );
				if ( false === $close ) {
					return null;
				}
				$value = substr( $html, $pos + 1, $close - $pos - 1 );
				$pos   = $close + 1;
			} else {
				$size  = strcspn( $html, $ws . '>', $pos );
				$value = substr( $html, $pos, $size );
				$pos  += $size;
			}
		}
		if ( array_key_exists( $name, $tag['attrs'] ) ) {
			$tag['repeated'] = true; // A browser keeps the first.
		} else {
			$tag['attrs'][ $name ] = $value;
		}
	}
}

/**
 * `html` with everything the allow-list does not allow taken out; null when it is not UTF-8
 * or holds a NUL.
 *
 * @param string $html Server-rendered HTML.
 */
function pubnet_widgets_allow_html( string $html ): ?string {
	if ( ! preg_match( '//u', $html ) || str_contains( $html, "\0" ) ) {
		return null;
	}
	$policy    = pubnet_widgets_html_policy();
	$out       = '';
	$pos       = 0;
	$length    = strlen( $html );
	$templates = 0; // <template> elements open: a <style> is kept only inside a shadow root.
	// The plain form of a tag that is written as it came.
	$plain_value = '(?:"[^"]*+"|\'[^\']*+\'|[^\t\n\f\r "\'=<>`]++)';
	$plain_start = '#^<[a-z][a-z0-9-]*+(?:[\t\n\f\r ]++[a-z][a-z0-9-]*+(?:[\t\n\f\r ]*+=[\t\n\f\r ]*+' . $plain_value . ')?)*+[\t\n\f\r ]*+/?>$#';
	while ( $pos < $length ) {
		$lt = strpos( $html, '<', $pos );
		if ( false === $lt ) {
			$out .= substr( $html, $pos );
			break;
		}
		$out .= substr( $html, $pos, $lt - $pos );
		$pos  = $lt;
		$next = $html[ $pos + 1 ] ?? '';
		if ( str_starts_with( substr( $html, $pos, 4 ), '<!--' ) ) {
			// A comment ends at `-->` or `--!>`, or at once as `<!-->` / `<!--->`.
			if ( preg_match( '/\G<!--(?:-?>)/', $html, $m, 0, $pos ) ) {
				$pos += strlen( $m[0] );
				continue;
			}
			$ends = array_filter( array( strpos( $html, '-->', $pos + 4 ), strpos( $html, '--!>', $pos + 4 ) ), 'is_int' );
			$end  = $ends ? min( $ends ) : $length;
			$stop = $ends ? $end + ( strpos( $html, '--!>', $end ) === $end ? 4 : 3 ) : $length;
			$text = substr( $html, $pos + 4, $end - $pos - 4 );
			// Lit's markers and the like; nothing that could read otherwise.
			if ( $ends && ! str_contains( $text, '--' ) && ! str_contains( $text, '<' ) && ! str_contains( $text, '>' ) ) {
				$out .= substr( $html, $pos, $stop - $pos );
			}
			$pos = $stop;
			continue;
		}
		if ( '!' === $next || '?' === $next || ( '/' === $next && ! pubnet_widgets_is_letter( $html[ $pos + 2 ] ?? '' ) ) ) {
			// A bogus comment (`<!DOCTYPE`, `<![CDATA[`, `<?`, `</ >`) up to the next `>`: dropped,
			// but for Lit's empty processing instruction (`<`, `?`, `>`: a comment node it hydrates by).
			$gt   = strpos( $html, '>', $pos + 1 );
			$stop = false === $gt ? $length : $gt + 1;
			if ( '?' === $next && false !== $gt && ! preg_match( '/[<-]/', substr( $html, $pos + 2, $gt - $pos - 2 ) ) ) {
				$out .= substr( $html, $pos, $stop - $pos );
			}
			$pos = $stop;
			continue;
		}
		if ( '/' !== $next && ! pubnet_widgets_is_letter( $next ) ) {
			// Text to a browser; escaped, so that what follows a dropped tag cannot make it one.
			$out .= '&lt;';
			++$pos;
			continue;
		}
		$tag = pubnet_widgets_html_tag( $html, $pos );
		if ( null === $tag ) {
			break; // The input ends inside a tag: a browser drops it.
		}
		$raw  = substr( $html, $pos, $tag['next'] - $pos );
		$name = $tag['name'];
		$pos  = $tag['next'];
		$kept = isset( $policy[ $name ] ) && ( 'style' !== $name || $templates > 0 );
		if ( $tag['end'] ) {
			if ( $kept && ! in_array( $name, PUBNET_WIDGETS_VOID, true ) ) {
				$out .= preg_match( '#^</[a-z][a-z0-9-]*[\t\n\f\r ]*>$#', $raw ) ? $raw : '</' . $name . '>';
				if ( 'template' === $name && $templates > 0 ) {
					--$templates;
				}
			}
			continue;
		}
		if ( 'plaintext' === $name ) {
			break; // Everything after it is text to a browser: dropped with it.
		}
		$attrs = array();
		foreach ( $tag['attrs'] as $attr => $value ) {
			if ( $kept && in_array( $attr, $policy[ $name ], true ) && pubnet_widgets_html_value_ok( $name, $attr, $value ) ) {
				$attrs[ $attr ] = $value;
			}
		}
		if ( 'link' === $name && ( ! isset( $attrs['rel'], $attrs['href'] ) ) ) {
			$kept = false;
		}
		if ( 'iframe' === $name && ( ! isset( $attrs['srcdoc'], $attrs['sandbox'] ) || isset( $tag['attrs']['src'] ) ) ) {
			$kept = false; // A creative's frame only: sandboxed, its document given.
		}
		if ( in_array( $name, PUBNET_WIDGETS_RAW_TEXT, true ) ) {
			// Its content is text up to its end tag, whatever it looks like.
			$close   = preg_match( '#</' . $name . '[\t\n\f\r />]#i', $html, $m, PREG_OFFSET_CAPTURE, $pos ) ? $m[0][1] : $length;
			$content = substr( $html, $pos, $close - $pos );
			$end     = $close < $length ? pubnet_widgets_html_tag( $html, $close ) : null;
			$pos     = null === $end ? $length : $end['next'];
			// The elements' CSS has no `<` that could start a tag (only a range's `width < 420px`
			// or `<=`): a style that has one is not theirs.
			if ( $kept && ( 'style' !== $name || ! preg_match( '#<[A-Za-z/!?]#', $content ) ) ) {
				// A style's CSS as it came (it cannot hold `</style`); nothing else's content.
				$out .= pubnet_widgets_html_start( $name, $attrs, $tag, $raw, $plain_start ) . ( 'style' === $name ? $content : '' );
				$out .= null === $end ? '' : '</' . $name . '>';
			}
			continue;
		}
		if ( $kept ) {
			$out .= pubnet_widgets_html_start( $name, $attrs, $tag, $raw, $plain_start );
			if ( 'template' === $name ) {
				++$templates;
			}
		}
	}
	return $out;
}

/**
 * A kept start tag: as it came when nothing was dropped and it is in the plain form, else
 * written anew (double-quoted values, `"` as `&quot;`).
 *
 * @param string $name        The element.
 * @param array  $attrs       The attributes kept (raw values).
 * @param array  $tag         The tag as read.
 * @param string $raw         The tag as it came.
 * @param string $plain_start The plain form's pattern.
 */
function pubnet_widgets_html_start( string $name, array $attrs, array $tag, string $raw, string $plain_start ): string {
	if ( ! $tag['repeated'] && count( $attrs ) === count( $tag['attrs'] ) && preg_match( $plain_start, $raw ) ) {
		return $raw;
	}
	$html = '<' . $name;
	foreach ( $attrs as $attr => $value ) {
		$html .= ' ' . $attr . '="' . str_replace( '"', '&quot;', $value ) . '"';
	}
	return $html . '>';
}

/**
 * Whether `c` is one ASCII letter (ctype needs its extension, which WordPress does not require).
 *
 * @param string $c A character.
 */
function pubnet_widgets_is_letter( string $c ): bool {
	return 1 === strlen( $c ) && ( ( $c >= 'a' && $c <= 'z' ) || ( $c >= 'A' && $c <= 'Z' ) );
}
