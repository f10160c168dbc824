<?php
/**
 * `pubnet_widgets_intext_link_mentions( $html, $lexicon, $options )`: in-text links made in PHP
 * (embed-contract "In-text links"), the same links, byte for byte, as src/intext/link-mentions.ts
 * makes in the same HTML with the same lexicon (test/intext/cases.json holds both to it). Each
 * mention chosen becomes `<a href="<the entry's url>" rel="sponsored noopener">mention</a>`;
 * nothing else of the HTML changes. `pubnet_widgets_intext_find()` gives the links as edits
 * (byte offsets), which is what WordPress keeps (includes/intext/render.php).
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** One simple selector's parts: `tag`, `.class`, `#id`, `[name]`, `[name=value]`. */
const PUBNET_WIDGETS_INTEXT_PART = '/^(?:([a-zA-Z][A-Za-z0-9_-]*)|\.([A-Za-z0-9_-]+)|#([A-Za-z0-9_-]+)|\[([A-Za-z0-9_-]+)(?:=(?:"([^"]*)"|\'([^\']*)\'|([A-Za-z0-9_-]+)))?\])/';

/**
 * What `exclude` (simple selectors separated by commas: a tag, `.class`, `#id`, `[attribute]`,
 * `[attribute=value]`, or one of each together: `div.note`) matches: ( name, attributes ) =>
 * bool.
 *
 * @param string $exclude The selectors.
 * @throws InvalidArgumentException When it is no list of simple selectors.
 */
function pubnet_widgets_intext_selectors( string $exclude ): callable {
	$tests = array();
	foreach ( explode( ',', $exclude ) as $selector ) {
		$rest   = pubnet_widgets_intext_trim( $selector );
		$checks = array();
		if ( '' === $rest ) {
			throw new InvalidArgumentException( 'linkMentions: option "exclude" must be simple selectors separated by commas' );
		}
		while ( '' !== $rest ) {
			if ( ! preg_match( PUBNET_WIDGETS_INTEXT_PART, $rest, $part, PREG_UNMATCHED_AS_NULL ) ) {
				throw new InvalidArgumentException( 'linkMentions: option "exclude" must be simple selectors separated by commas' );
			}
			list( , $tag, $class, $id, $attribute ) = $part;
			$value                                  = $part[5] ?? $part[6] ?? $part[7] ?? null;
			if ( null !== $tag ) {
				$tag      = strtolower( $tag );
				$checks[] = static fn( $name ) => $name === $tag;
			} elseif ( null !== $class ) {
				$checks[] = static fn( $name, $attributes ) => in_array( $class, preg_split( '/' . PUBNET_WIDGETS_INTEXT_SPACE . '+/u', $attributes['class'] ?? '' ), true );
			} elseif ( null !== $id ) {
				$checks[] = static fn( $name, $attributes ) => ( $attributes['id'] ?? null ) === $id;
			} else {
				$attribute = strtolower( $attribute );
				$checks[]  = static fn( $name, $attributes ) => null === $value
					? array_key_exists( $attribute, $attributes )
					: ( $attributes[ $attribute ] ?? null ) === $value;
			}
			$rest = substr( $rest, strlen( $part[0] ) );
		}
		$tests[] = static function ( $name, $attributes ) use ( $checks ) {
			foreach ( $checks as $check ) {
				if ( ! $check( $name, $attributes ) ) {
					return false;
				}
			}
			return true;
		};
	}
	return static function ( $name, $attributes ) use ( $tests ) {
		foreach ( $tests as $test ) {
			if ( $test( $name, $attributes ) ) {
				return true;
			}
		}
		return false;
	};
}

/**
 * The limits and the exclusion of `options` (`max`, `per_words`: whole numbers from 0;
 * `exclude`: simple selectors).
 *
 * @param array $options The options.
 * @throws InvalidArgumentException Naming a bad option.
 */
function pubnet_widgets_intext_options( array $options ): array {
	$limits = PUBNET_WIDGETS_INTEXT_LIMITS;
	foreach ( array(
		'max'       => 'max',
		'per_words' => 'perWords',
	) as $key => $js ) {
		if ( ! array_key_exists( $key, $options ) || null === $options[ $key ] ) {
			continue;
		}
		$value = $options[ $key ];
		if ( ! ( is_int( $value ) || ( is_float( $value ) && is_finite( $value ) && floor( $value ) === $value ) ) || $value < 0 ) {
			throw new InvalidArgumentException( sprintf( 'linkMentions: option "%s" must be a whole number from 0', $js ) );
		}
		$limits[ $key ] = (int) min( $value, PHP_INT_MAX );
	}
	$exclude = $options['exclude'] ?? null;
	if ( null !== $exclude && ! is_string( $exclude ) ) {
		throw new InvalidArgumentException( 'linkMentions: option "exclude" must be simple selectors separated by commas' );
	}
	$limits['excluded'] = null !== $exclude && '' !== $exclude ? pubnet_widgets_intext_selectors( $exclude ) : static fn() => false;
	return $limits;
}

/**
 * The links to make in `html`: array( from, to, url ) each (bytes of the HTML), in reading
 * order; none when the HTML is more than the walk reads within its budget. `page` carries what
 * was linked before on the same page (and is updated): the links a later call makes on it
 * count against the same limits, and the sites linked before count as linked.
 *
 * @param string     $html     The HTML (any bytes: those of no valid UTF-8 are read as U+FFFD).
 * @param array      $compiled pubnet_widgets_intext_compile().
 * @param array      $options  `max`, `per_words`, `exclude`.
 * @param array|null $page     pubnet_widgets_intext_new_page(), or what an earlier call left.
 * @param array|null $report   When an array: every mention of the HTML is added to it, in reading
 *                             order, as the chooser decided it: array( from, to (bytes of the
 *                             HTML), text (as it reads), entry index, reason, words ) each
 *                             (pubnet_widgets_intext_choose()); the links made are the same.
 *                             Null when the walk gave up (no links either).
 * @throws InvalidArgumentException Naming a bad option.
 */
function pubnet_widgets_intext_find( string $html, array $compiled, array $options = array(), ?array &$page = null, ?array &$report = null ): array {
	$limits = pubnet_widgets_intext_options( $options );
	$page   = $page ?? pubnet_widgets_intext_new_page();
	$html   = pubnet_widgets_intext_scrub( $html );
	$walked = pubnet_widgets_intext_walk( $html, $limits['excluded'] );
	if ( null === $walked ) {
		$report = null;
		return array();
	}
	foreach ( $walked['hrefs'] as $href ) {
		$site = pubnet_widgets_intext_site_of( $href );
		if ( '' !== $site ) {
			$page['sites'][ $site ] = true;
		}
	}
	$found  = null === $report ? null : array();
	$chosen = pubnet_widgets_intext_choose(
		pubnet_widgets_intext_runs( $html, $walked['runs'] ),
		$compiled,
		$limits,
		array_map( 'strval', array_keys( $page['sites'] ) ),
		$page,
		$found
	);
	foreach ( $found ?? array() as $mention ) {
		$report[] = array(
			'from'   => pubnet_widgets_intext_html_offset( $html, $mention['run'], $mention['start'] ),
			'to'     => pubnet_widgets_intext_html_offset( $html, $mention['run'], $mention['end'] ),
			'text'   => substr( $mention['run']['text'], $mention['start'], $mention['end'] - $mention['start'] ),
			'entry'  => $mention['entry'],
			'reason' => $mention['reason'],
			'words'  => $mention['words'],
		);
	}
	$edits  = array();
	foreach ( $chosen as $mention ) {
		$edits[] = array(
			pubnet_widgets_intext_html_offset( $html, $mention['run'], $mention['start'] ),
			pubnet_widgets_intext_html_offset( $html, $mention['run'], $mention['end'] ),
			$compiled['entries'][ $mention['entry'] ]['url'],
		);
	}
	return $edits;
}

/**
 * `html` with the mentions of `lexicon`'s merchants linked, as the browser's add-on would.
 *
 * @param string $html    The HTML.
 * @param mixed  $lexicon A decoded lexicon (api-contract §15), or pubnet_widgets_intext_compile()'s;
 *                        one that is none links nothing.
 * @param array  $options `max` (default 8; 0 makes none), `per_words` (default 150), `exclude`.
 * @throws InvalidArgumentException Naming a bad option.
 */
function pubnet_widgets_intext_link_mentions( string $html, $lexicon, array $options = array() ): string {
	if ( is_array( $lexicon ) && isset( $lexicon['forms'], $lexicon['entries'] ) ) {
		$compiled = $lexicon;
	} else {
		$read = pubnet_widgets_intext_read_lexicon( $lexicon );
		if ( null === $read ) {
			pubnet_widgets_intext_options( $options );
			return $html;
		}
		$compiled = pubnet_widgets_intext_compile( $read );
	}
	return pubnet_widgets_intext_apply( $html, pubnet_widgets_intext_find( $html, $compiled, $options ) );
}
