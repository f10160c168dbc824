<?php
/**
 * Request bodies before they go upstream (as src/proxy/policy/validate-body.ts): at most
 * 16 KiB, JSON objects nesting at most 32 levels, checked by kind (search, trackingLink,
 * stats), the website pinned, a search's page_size clamped to 48, written as canonical JSON
 * (keys sorted at every depth).
 * Errors are DRF-style field errors, as the API answers them.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

const PUBNET_WIDGETS_MAX_BODY  = 16384;
const PUBNET_WIDGETS_MAX_DEPTH = 32;

/**
 * Whether the JSON text nests deeper than `max`, counted on the text (no recursion).
 *
 * @param string $text JSON text.
 * @param int    $max  Deepest nesting allowed.
 */
function pubnet_widgets_nests_deeper( string $text, int $max ): bool {
	$depth     = 0;
	$in_string = false;
	$length    = strlen( $text );
	for ( $i = 0; $i < $length; $i++ ) {
		$c = $text[ $i ];
		if ( $in_string ) {
			if ( '\\' === $c ) {
				++$i;
			} elseif ( '"' === $c ) {
				$in_string = false;
			}
		} elseif ( '"' === $c ) {
			$in_string = true;
		} elseif ( '[' === $c || '{' === $c ) {
			if ( ++$depth > $max ) {
				return true;
			}
		} elseif ( ']' === $c || '}' === $c ) {
			--$depth;
		}
	}
	return false;
}

/**
 * JSON with object keys sorted at every depth (objects are stdClass, lists are arrays).
 *
 * @param mixed $value A json_decode()d value (objects not as arrays).
 */
function pubnet_widgets_canonical_json( $value ): string {
	if ( $value instanceof stdClass ) {
		$fields = get_object_vars( $value );
		ksort( $fields, SORT_STRING );
		$out = array();
		foreach ( $fields as $name => $field ) {
			$out[] = pubnet_widgets_json_scalar( (string) $name ) . ':' . pubnet_widgets_canonical_json( $field );
		}
		return '{' . implode( ',', $out ) . '}';
	}
	if ( is_array( $value ) ) {
		return '[' . implode( ',', array_map( 'pubnet_widgets_canonical_json', $value ) ) . ']';
	}
	return pubnet_widgets_json_scalar( $value );
}

/** A scalar as JSON (slashes and Unicode as they are, as JavaScript writes them). */
function pubnet_widgets_json_scalar( $value ): string {
	$json = wp_json_encode( $value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION );
	return false === $json ? 'null' : $json;
}

/**
 * A route's body, checked and pinned, as canonical JSON; or a WP_REST_Response refusing it.
 *
 * @param string $kind    search, trackingLink or stats.
 * @param string $pin     The policy's pin ('' for none).
 * @param string $text    The raw body.
 * @param string $website The configured website key ('' when none: a route that names one is refused).
 * @return string|WP_REST_Response
 */
function pubnet_widgets_prepare_body( string $kind, string $pin, string $text, string $website ) {
	if ( strlen( $text ) > PUBNET_WIDGETS_MAX_BODY ) {
		return pubnet_widgets_detail( 413, sprintf( 'The body is larger than %d bytes.', PUBNET_WIDGETS_MAX_BODY ) );
	}
	$text = '' === trim( $text ) ? '{}' : $text;
	if ( pubnet_widgets_nests_deeper( $text, PUBNET_WIDGETS_MAX_DEPTH ) ) {
		return pubnet_widgets_errors( array( 'non_field_errors' => array( sprintf( 'The body nests deeper than %d levels.', PUBNET_WIDGETS_MAX_DEPTH ) ) ) );
	}
	$body = json_decode( $text, false, PUBNET_WIDGETS_MAX_DEPTH + 2 );
	if ( JSON_ERROR_NONE !== json_last_error() ) {
		return pubnet_widgets_errors( array( 'non_field_errors' => array( 'The body must be valid JSON.' ) ) );
	}
	if ( ! $body instanceof stdClass ) {
		return pubnet_widgets_errors( array( 'non_field_errors' => array( 'The body must be a JSON object.' ) ) );
	}
	$errors = array();
	$url    = 'Enter an absolute http(s) URL.';
	if ( 'trackingLink' === $kind ) {
		$kept = new stdClass();
		foreach ( array( 'website', 'sid', 'deep_link', 'shorten', 'traffic_back_url' ) as $name ) {
			if ( property_exists( $body, $name ) ) {
				$kept->$name = $body->$name;
			}
		}
		$body = $kept;
		if ( isset( $body->sid ) && ! pubnet_widgets_is_sid( $body->sid ) ) {
			$errors['sid'] = array( 'At most 32 characters of A-Z, a-z, 0-9, "_" and "-".' );
		}
		foreach ( array( 'deep_link', 'traffic_back_url' ) as $name ) {
			// A host any URL parser reads the same (includes/proxy/public-suffix.php), or refused.
			if ( isset( $body->$name ) && ( ! pubnet_widgets_is_http_url( $body->$name ) || null === pubnet_widgets_link_host( $body->$name ) ) ) {
				$errors[ $name ] = array( $url );
			}
		}
		if ( isset( $body->shorten ) && ! is_bool( $body->shorten ) ) {
			$errors['shorten'] = array( 'Must be a boolean.' );
		}
	} elseif ( 'stats' === $kind ) {
		if ( ! isset( $body->event ) || ! in_array( $body->event, array( 'view', 'click' ), true ) ) {
			$errors['event'] = array( 'One of "view", "click".' );
		}
		$products = $body->products ?? null;
		if ( ! is_array( $products ) || count( $products ) > 100
			|| count( array_filter( $products, static fn( $id ) => ! is_string( $id ) && ! is_int( $id ) && ! is_float( $id ) ) ) ) {
			$errors['products'] = array( 'A list of at most 100 product ids.' );
		}
		if ( isset( $body->adslot ) && ! is_string( $body->adslot ) ) {
			$errors['adslot'] = array( 'Must be an ad slot id.' );
		}
	} elseif ( 'search' === $kind ) {
		if ( property_exists( $body, 'filters' ) && ! is_array( $body->filters ) ) {
			$errors['filters'] = array( 'Must be a list.' );
		}
		if ( property_exists( $body, 'ordering' ) && ! is_string( $body->ordering ) ) {
			$errors['ordering'] = array( 'Must be a string.' );
		}
		if ( property_exists( $body, 'page_size' ) ) {
			$body->page_size = pubnet_widgets_clamp_page_size( $body->page_size );
		}
	} else {
		return pubnet_widgets_errors( array( 'non_field_errors' => array( 'This route takes no body.' ) ) );
	}
	if ( $errors ) {
		return pubnet_widgets_errors( $errors );
	}
	if ( 'body' === $pin ) {
		$given = $body->website ?? null;
		if ( '' === $website ) {
			return pubnet_widgets_forbidden();
		}
		if ( null === $given || '' === $given ) {
			$body->website = $website;
		} elseif ( $given !== $website ) {
			return pubnet_widgets_forbidden();
		}
	}
	return pubnet_widgets_canonical_json( $body );
}
