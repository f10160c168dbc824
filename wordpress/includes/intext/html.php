<?php
/**
 * The walk of an HTML string, as src/intext/html.ts walks it: its text as runs
 * (includes/intext/choose.php) with where each run is in the HTML, the sites its links name,
 * and the HTML with links added. No DOM (WordPress 6.1 has no HTML tag processor): a tokenizer
 * of tags, comments and text that reads what a parser would for this purpose (the raw text of
 * `script`, `style`…, void elements, entities), and follows the same rules as the browser's walk
 * (includes/intext/rules.php).
 *
 * It works on bytes of valid UTF-8, and reads what html.ts's regular expressions read, without
 * their backtracking: a start tag that does not end (no `>`, or a quote that does not close)
 * costs a scan of what follows it, and the scans of a walk are held to a budget proportional to
 * the HTML's length; past it the HTML is left as it is (pubnet_widgets_intext_walk() gives null).
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** Elements with no end tag. */
const PUBNET_WIDGETS_INTEXT_VOID = array(
	'area'   => true,
	'base'   => true,
	'br'     => true,
	'col'    => true,
	'embed'  => true,
	'hr'     => true,
	'img'    => true,
	'input'  => true,
	'link'   => true,
	'meta'   => true,
	'param'  => true,
	'source' => true,
	'track'  => true,
	'wbr'    => true,
);

/** Elements that close text to links and that a parser reopens past their parent's end. */
const PUBNET_WIDGETS_INTEXT_FORMATTING = array(
	'a'    => true,
	'code' => true,
);

/** The entities decoded; others stay as written. */
const PUBNET_WIDGETS_INTEXT_ENTITY = '/&(#[0-9]+|#[xX][0-9a-fA-F]+|amp|lt|gt|quot|apos|nbsp);/';

/** The named ones. */
const PUBNET_WIDGETS_INTEXT_NAMED = array(
	'amp'  => '&',
	'lt'   => '<',
	'gt'   => '>',
	'quot' => '"',
	'apos' => "'",
	'nbsp' => "\u{A0}",
);

/**
 * An attribute of a start tag's source (html.ts ATTRIBUTE, `\s` as JavaScript's white space:
 * PUBNET_WIDGETS_INTEXT_SPACE, written out so that the file needs no other).
 */
const PUBNET_WIDGETS_INTEXT_ATTRIBUTE = '/([^"\'>\/=\t\n\x0B\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]+)(?:[\t\n\x0B\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]*=[\t\n\x0B\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]*(?:"([^"]*)"|\'([^\']*)\'|([^"\'>\t\n\x0B\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]+)))?/u';

/**
 * `raw` decoded: the entities above as their characters, others as written.
 *
 * @param string $raw Valid UTF-8.
 */
function pubnet_widgets_intext_decode( string $raw ): string {
	if ( ! str_contains( $raw, '&' ) ) {
		return $raw;
	}
	return (string) preg_replace_callback( PUBNET_WIDGETS_INTEXT_ENTITY, static fn( $found ) => pubnet_widgets_intext_entity( $found[1] ), $raw );
}

/**
 * The character an entity's name stands for: a named one, or a code point (U+FFFD for none,
 * 0 or a surrogate).
 *
 * @param string $name `amp`, `#38`, `#x26`…
 */
function pubnet_widgets_intext_entity( string $name ): string {
	if ( '#' !== $name[0] ) {
		return PUBNET_WIDGETS_INTEXT_NAMED[ $name ];
	}
	$hex    = 'x' === $name[1] || 'X' === $name[1];
	$digits = ltrim( substr( $name, $hex ? 2 : 1 ), '0' );
	$code   = strlen( $digits ) > 8 ? -1 : (int) ( $hex ? hexdec( $digits ) : $digits );
	return $code > 0 && $code <= 0x10FFFF && ! ( $code >= 0xD800 && $code <= 0xDFFF )
		? pubnet_widgets_intext_utf8( $code )
		: "\u{FFFD}";
}

/**
 * Where in the HTML byte `at` of a run's decoded text is: a character of an entity is where the
 * entity starts; the end of the text, where the run ends.
 *
 * @param string $html The HTML.
 * @param array  $run  A run (its `start` and `end` in the HTML).
 * @param int    $at   A byte of its decoded text, or its length.
 */
function pubnet_widgets_intext_html_offset( string $html, array $run, int $at ): int {
	$text = 0;
	$raw  = $run['start'];
	while ( true ) {
		$amp = strpos( $html, '&', $raw );
		if ( false === $amp || $amp >= $run['end'] || $at < $text + $amp - $raw ) {
			return min( $run['end'], $raw + $at - $text );
		}
		$text += $amp - $raw;
		if ( preg_match( '/\G' . substr( PUBNET_WIDGETS_INTEXT_ENTITY, 1 ), $html, $found, 0, $amp ) && $amp + strlen( $found[0] ) <= $run['end'] ) {
			$char = strlen( pubnet_widgets_intext_entity( $found[1] ) );
			$raw  = $amp + strlen( $found[0] );
		} else {
			$char = 1; // A `&` of no entity.
			$raw  = $amp + 1;
		}
		if ( $at < $text + $char ) {
			return $amp;
		}
		$text += $char;
	}
}

/**
 * An element's attributes: lowercase names, values decoded, the first of a name kept.
 *
 * @param string $source What follows the name in the start tag, to its `>`.
 */
function pubnet_widgets_intext_attributes( string $source ): array {
	$attributes = array();
	for ( $at = 0; '' !== $source && preg_match( PUBNET_WIDGETS_INTEXT_ATTRIBUTE, $source, $found, PREG_OFFSET_CAPTURE | PREG_UNMATCHED_AS_NULL, $at ); ) {
		$at   = $found[0][1] + strlen( $found[0][0] );
		$name = pubnet_widgets_intext_lower( $found[1][0] );
		if ( ! array_key_exists( $name, $attributes ) ) {
			$value               = $found[2][0] ?? $found[3][0] ?? $found[4][0] ?? '';
			$attributes[ $name ] = pubnet_widgets_intext_decode( $value );
		}
	}
	return $attributes;
}

/**
 * Where JavaScript's white space, `/` or `>` first is in `html` from `from` (its length when
 * nowhere): where a tag's name ends.
 *
 * @param string $html Valid UTF-8.
 * @param int    $from A character's first byte.
 */
function pubnet_widgets_intext_name_end( string $html, int $from ): int {
	$length = strlen( $html );
	while ( true ) {
		// The ASCII stops, and the first bytes of the other white space (U+00A0, U+1680,
		// U+2000…, U+3000, U+FEFF): none of them is a continuation byte.
		$from += strcspn( $html, "\t\n\x0B\f\r />\xC2\xE1\xE2\xE3\xEF", $from );
		if ( $from >= $length || ord( $html[ $from ] ) < 0x80 ) {
			return min( $from, $length );
		}
		$char = pubnet_widgets_intext_char( $html, $from );
		if ( pubnet_widgets_intext_is_space( $char ) ) {
			return $from;
		}
		$from += strlen( $char );
	}
}

/**
 * Where the attributes of a start tag that start at `from` end: the `>` after other characters
 * and quoted strings (`(?:[^>"']|"[^"]*"|'[^']*')*>`); null when a quote does not close or no
 * `>` follows. What it scans is taken from `budget`.
 *
 * @param string $html   Valid UTF-8.
 * @param int    $from   Where the attributes start.
 * @param int    $budget What the walk may still scan (bytes; a step counts 32).
 */
function pubnet_widgets_intext_tag_end( string $html, int $from, int &$budget ): ?int {
	$length = strlen( $html );
	for ( $at = $from; ; $at = $close + 1 ) {
		$at     += strcspn( $html, '>"\'', $at );
		$budget -= 32;
		if ( $at >= $length ) {
			$budget -= $length - $from;
			return null;
		}
		if ( '>' === $html[ $at ] ) {
			return $at;
		}
		$close = strpos( $html, $html[ $at ], $at + 1 );
		if ( false === $close ) {
			$budget -= $length - $from;
			return null;
		}
	}
}

/**
 * The walk's scanner of start tags (html.ts START, `<([A-Za-z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>`):
 * where the start tag at `lt` has its name end and its `>`, as the expression's first match
 * (the longest name first); null when there is none. The scans are counted in `budget`.
 *
 * @param string $html   Valid UTF-8.
 * @param int    $lt     Where a `<` is, a letter after it.
 * @param int    $budget What the walk may still scan.
 * @return array|null array( name end, `>` ).
 */
function pubnet_widgets_intext_start_tag( string $html, int $lt, int &$budget ): ?array {
	$name = pubnet_widgets_intext_name_end( $html, $lt + 2 );
	$gt   = pubnet_widgets_intext_tag_end( $html, $name, $budget );
	if ( null !== $gt ) {
		return array( $name, $gt );
	}
	$budget -= $name - $lt;
	// A shorter name, ending at a quote in it, lets that quote open a string: the regular
	// expression backtracks to each, the last first.
	$quotes = array();
	for ( $at = $lt + 2; $at < $name; ++$at ) {
		$at += strcspn( $html, '"\'', $at, $name - $at );
		if ( $at < $name ) {
			$quotes[] = $at;
		}
	}
	foreach ( array_reverse( $quotes ) as $quote ) {
		if ( $budget < 0 ) {
			return null;
		}
		$gt = pubnet_widgets_intext_tag_end( $html, $quote, $budget );
		if ( null !== $gt ) {
			return array( $quote, $gt );
		}
	}
	return null;
}

/**
 * The runs of `html` and the sites it links to: `runs`, a packed string of four 32-bit
 * numbers a run (its start and end in the HTML, its paragraph, whether it is open to links),
 * and `hrefs`, its links' hrefs, decoded. Null when the HTML is more than the walk reads
 * within its budget.
 *
 * @param string   $html     Valid UTF-8.
 * @param callable $excluded ( name, attributes ) => whether the publisher's `exclude` names it.
 */
function pubnet_widgets_intext_walk( string $html, callable $excluded ): ?array {
	$length    = strlen( $html );
	$budget    = 32 * $length + ( 1 << 22 );
	$runs      = '';
	$hrefs     = array();
	$lingering = array();
	// The open elements: names, whether each closes its content to links, where each name is.
	$names     = array();
	$closing   = array();
	$closers   = 0;
	$by_name   = array();
	$paragraph = 0;
	// Tag names as written => lowercase (one string for each).
	$lowered = array();
	// Where the text not yet in a run starts; where the next `>` is (from `$gt_from`).
	$i       = 0;
	$gt      = -1;
	$gt_from = PHP_INT_MAX;
	$next_gt = static function ( int $from ) use ( $html, &$gt, &$gt_from ) {
		if ( $from < $gt_from || ( false !== $gt && $from > $gt ) ) {
			$gt      = strpos( $html, '>', $from );
			$gt_from = $from;
		}
		return $gt;
	};
	$text = static function ( int $to ) use ( &$runs, &$i, &$lingering, &$closers, &$paragraph ) {
		if ( $to > $i ) {
			$runs .= pack( 'VVVV', $i, $to, $paragraph, ! $lingering && 0 === $closers ? 1 : 0 );
		}
	};
	for ( $lt = strpos( $html, '<' ); false !== $lt; $lt = strpos( $html, '<', $lt + 1 ) ) {
		if ( false === $next_gt( $lt ) ) {
			// No `>` from here: no tag ends, and no comment; the first `<!`, `<?` or `</` (a bogus
			// comment, to the end) takes the rest of the HTML, else it is all text.
			$rest = array_filter( array( strpos( $html, '<!', $lt ), strpos( $html, '<?', $lt ), strpos( $html, '</', $lt ) ), 'is_int' );
			if ( $rest ) {
				$text( min( $rest ) );
				$i = $length;
			}
			break;
		}
		$c1  = $html[ $lt + 1 ] ?? '';
		$tag = null;
		// An end tag: `</` and a letter, its name, anything to the next `>`.
		$end = null;
		if ( '/' === $c1 && isset( $html[ $lt + 2 ] ) && pubnet_widgets_intext_is_letter( $html[ $lt + 2 ] ) ) {
			$close = $next_gt( $lt + 3 );
			if ( false !== $close ) {
				$end = array( pubnet_widgets_intext_name_end( $html, $lt + 3 ), $close );
			}
		}
		if ( '<!--' === substr( $html, $lt, 4 ) ) {
			$found = strpos( $html, '-->', $lt + 4 );
			$next  = false === $found ? $length : $found + 3;
		} elseif ( '!' === $c1 || '?' === $c1 || ( '/' === $c1 && null === $end ) ) {
			$found = $next_gt( $lt );
			$next  = false === $found ? $length : $found + 1;
		} elseif ( null !== $end ) {
			$next = $end[1] + 1;
			$raw  = substr( $html, $lt + 2, $end[0] - $lt - 2 );
			$tag  = array( $lowered[ $raw ] ??= pubnet_widgets_intext_lower( $raw ), null );
		} else {
			$start = null;
			if ( '' !== $c1 && pubnet_widgets_intext_is_letter( $c1 ) ) {
				$start = pubnet_widgets_intext_start_tag( $html, $lt, $budget );
				if ( $budget < 0 ) {
					return null;
				}
			}
			if ( null === $start ) {
				continue;
			}
			$next = $start[1] + 1;
			$raw  = substr( $html, $lt + 1, $start[0] - $lt - 1 );
			$tag  = array(
				$lowered[ $raw ] ??= pubnet_widgets_intext_lower( $raw ),
				pubnet_widgets_intext_attributes( substr( $html, $start[0], $start[1] - $start[0] ) ),
			);
		}
		$text( $lt );
		$i  = $next;
		$lt = $next - 1;
		if ( null === $tag ) {
			continue;
		}
		list( $name, $attributes ) = $tag;
		if ( isset( PUBNET_WIDGETS_INTEXT_BLOCKS[ $name ] ) ) {
			++$paragraph;
		}
		if ( null === $attributes ) {
			$open = isset( $by_name[ $name ] ) ? end( $by_name[ $name ] ) : false;
			if ( false !== $open ) {
				// A link or code left open inside what ends here goes on after it, as a parser
				// reopens it (its "active formatting elements").
				for ( $top = count( $names ) - 1; $top >= $open; --$top ) {
					if ( $top > $open && isset( PUBNET_WIDGETS_INTEXT_FORMATTING[ $names[ $top ] ] ) ) {
						$lingering[ $names[ $top ] ] = true;
					}
					array_pop( $by_name[ $names[ $top ] ] );
					if ( ! $by_name[ $names[ $top ] ] ) {
						unset( $by_name[ $names[ $top ] ] );
					}
					$closers -= $closing[ $top ] ? 1 : 0;
					array_pop( $names );
					array_pop( $closing );
				}
			}
			unset( $lingering[ $name ] );
			continue;
		}
		unset( $lingering[ $name ] );
		if ( 'a' === $name && isset( $attributes['href'] ) ) {
			$hrefs[] = $attributes['href'];
		}
		if ( isset( PUBNET_WIDGETS_INTEXT_SKIPPED[ $name ] ) ) {
			// Its content is raw text, to its end tag.
			$i  = pubnet_widgets_intext_raw_end( $html, $name, $next );
			$lt = $i - 1;
		} elseif ( ! isset( PUBNET_WIDGETS_INTEXT_VOID[ $name ] ) ) {
			$closes             = pubnet_widgets_intext_closes( $name, $attributes ) || $excluded( $name, $attributes );
			$by_name[ $name ][] = count( $names );
			$names[]            = $name;
			$closing[]          = $closes;
			$closers           += $closes ? 1 : 0;
		}
	}
	$text( $length );
	return array(
		'runs'  => $runs,
		'hrefs' => $hrefs,
	);
}

/**
 * Whether `char` (one byte) is an ASCII letter.
 *
 * @param string $char One byte.
 */
function pubnet_widgets_intext_is_letter( string $char ): bool {
	return ( $char >= 'a' && $char <= 'z' ) || ( $char >= 'A' && $char <= 'Z' );
}

/**
 * Where the raw text of a `name` element (script, style…) that starts at `from` ends: after
 * the `>` following its end tag (`</name` and white space, `/` or `>`, in any case); the
 * HTML's end when there is none.
 *
 * @param string $html Valid UTF-8.
 * @param string $name The element's name (ASCII, lowercase).
 * @param int    $from Where its content starts.
 */
function pubnet_widgets_intext_raw_end( string $html, string $name, int $from ): int {
	$length = strlen( $html );
	$close  = '</' . $name;
	for ( $at = stripos( $html, $close, $from ); false !== $at; $at = stripos( $html, $close, $at + 1 ) ) {
		$after = pubnet_widgets_intext_char( $html, $at + strlen( $close ) );
		if ( '/' === $after || '>' === $after || pubnet_widgets_intext_is_space( $after ) ) {
			$gt = strpos( $html, '>', $at );
			return false === $gt ? $length : $gt + 1;
		}
	}
	return $length;
}

/**
 * The runs of a walk, decoded, in reading order: array( 'text', 'start', 'end' (in the HTML),
 * 'paragraph', 'open' ) each.
 *
 * @param string $html The walked HTML.
 * @param string $runs The walk's `runs`.
 */
function pubnet_widgets_intext_runs( string $html, string $runs ): Generator {
	$count = intdiv( strlen( $runs ), 16 );
	for ( $n = 0; $n < $count; $n++ ) {
		list( , $start, $end, $paragraph, $open ) = unpack( 'V4', $runs, 16 * $n );
		yield array(
			'text'      => pubnet_widgets_intext_decode( substr( $html, $start, $end - $start ) ),
			'start'     => $start,
			'end'       => $end,
			'paragraph' => $paragraph,
			'open'      => 1 === $open,
		);
	}
}

/**
 * `&`, `"`, `<` and `>` of an attribute's value as entities.
 *
 * @param string $value The value.
 */
function pubnet_widgets_intext_escape_attribute( string $value ): string {
	return strtr(
		$value,
		array(
			'&' => '&amp;',
			'"' => '&quot;',
			'<' => '&lt;',
			'>' => '&gt;',
		)
	);
}

/**
 * `html` with each edit made a link: array( from, to, url ) each (bytes of the HTML).
 *
 * @param string $html  The HTML.
 * @param array  $edits The links, in any order, none overlapping.
 */
function pubnet_widgets_intext_apply( string $html, array $edits ): string {
	usort( $edits, static fn( $a, $b ) => $a[0] <=> $b[0] );
	$out  = '';
	$last = 0;
	foreach ( $edits as list( $from, $to, $url ) ) {
		$out .= substr( $html, $last, $from - $last ) . '<a href="' . pubnet_widgets_intext_escape_attribute( $url ) . '" rel="sponsored noopener">' . substr( $html, $from, $to - $from ) . '</a>';
		$last = $to;
	}
	return $out . substr( $html, $last );
}
