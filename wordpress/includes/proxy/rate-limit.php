<?php
/**
 * One budget of upstream calls per client (api-contract §13): a token bucket of
 * PUBNET_WIDGETS_BURST tokens, PUBNET_WIDGETS_RATE more each second, one taken by each API
 * call a client causes (a read not in the cache, a stats POST, a tracking link not in the
 * cache, the read of an offer's site for a deep link). A cached answer costs nothing. An
 * empty bucket is a 429 with Retry-After, and nothing is sent upstream.
 *
 * A client is REMOTE_ADDR: an IPv4 address, or an IPv6 /64 (a host picks new addresses within
 * its /64 at will); an IPv4-mapped IPv6 address is its IPv4 address. No forwarded header is
 * trusted; a site behind a reverse proxy or CDN can say who the client is with the filter
 * `pubnet_widgets_client_address` (its trusted header's value, as its own code reads it).
 *
 * Buckets are shared by the site's PHP processes: in the persistent object cache when there is
 * one (one key per client, gone once it would be full again), else in ONE option
 * (`pubnet_widgets_clients`, autoload off) under a named lock, at most
 * PUBNET_WIDGETS_CLIENTS_MAX clients, the least recently seen forgotten first (a forgotten
 * client starts again with a full bucket), full buckets not kept.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

const PUBNET_WIDGETS_RATE        = 5;
const PUBNET_WIDGETS_BURST       = 100;
const PUBNET_WIDGETS_CLIENTS_MAX = 1000;
const PUBNET_WIDGETS_CLIENTS     = 'pubnet_widgets_clients';

/**
 * The bucket's key of a client address: IPv4 as is (also IPv4-mapped), IPv6 as its /64
 * (`2001:db8:1:2::/64`), anything else as it is, lower-cased.
 *
 * @param string $address An IP address.
 */
function pubnet_widgets_client_key( string $address ): string {
	$address = strtolower( trim( $address ) );
	$address = preg_replace( '/^\[([^\]]*)\](?::\d+)?$/', '$1', $address );
	$address = preg_replace( '/%.*$/', '', $address );
	$binary  = '' === $address ? false : @inet_pton( $address ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- false is the answer for a non-address.
	if ( false === $binary ) {
		return '' === $address ? 'unknown' : substr( $address, 0, 64 );
	}
	if ( 4 === strlen( $binary ) ) {
		return inet_ntop( $binary );
	}
	if ( str_starts_with( $binary, str_repeat( "\0", 10 ) . "\xff\xff" ) ) {
		return inet_ntop( substr( $binary, 12 ) );
	}
	return inet_ntop( substr( $binary, 0, 8 ) . str_repeat( "\0", 8 ) ) . '/64';
}

/** This request's client, as the rate limit counts it. */
function pubnet_widgets_client(): string {
	$address = isset( $_SERVER['REMOTE_ADDR'] ) ? (string) $_SERVER['REMOTE_ADDR'] : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- reduced to an address key.
	/**
	 * The client's address, for the per-client budget of the built-in proxy. Default
	 * REMOTE_ADDR. Behind a reverse proxy or CDN, return the client address it passes on
	 * (never a header a visitor can set).
	 *
	 * @param string $address REMOTE_ADDR.
	 */
	$address = apply_filters( 'pubnet_widgets_client_address', $address );
	return pubnet_widgets_client_key( is_string( $address ) ? $address : '' );
}

/** Now, in seconds (the filter `pubnet_widgets_now` lets a test hold the clock). */
function pubnet_widgets_now(): float {
	$now = apply_filters( 'pubnet_widgets_now', microtime( true ) );
	return is_numeric( $now ) ? (float) $now : microtime( true );
}

/**
 * A bucket after `elapsed` seconds: its tokens, refilled up to the burst.
 *
 * @param mixed $bucket  array( tokens, at ) or anything else (a full bucket).
 * @param float $now     Now.
 */
function pubnet_widgets_bucket_tokens( $bucket, float $now ): float {
	if ( ! is_array( $bucket ) || ! isset( $bucket[0], $bucket[1] ) ) {
		return (float) PUBNET_WIDGETS_BURST;
	}
	$elapsed = max( 0.0, $now - (float) $bucket[1] );
	return min( (float) PUBNET_WIDGETS_BURST, (float) $bucket[0] + $elapsed * PUBNET_WIDGETS_RATE );
}

/**
 * Takes one token of this request's client: 0 when taken, else the whole seconds until one is
 * back (Retry-After, at least 1).
 */
function pubnet_widgets_take_token(): int {
	$client = pubnet_widgets_client();
	$now    = pubnet_widgets_now();
	$take   = static function ( $bucket ) use ( $now ): array {
		$tokens = pubnet_widgets_bucket_tokens( $bucket, $now );
		if ( $tokens >= 1 ) {
			return array( 0, array( $tokens - 1, $now ) );
		}
		return array( max( 1, (int) ceil( ( 1 - $tokens ) / PUBNET_WIDGETS_RATE ) ), array( $tokens, $now ) );
	};
	if ( wp_using_ext_object_cache() ) {
		$key                   = 'client:' . $client;
		list( $wait, $bucket ) = $take( wp_cache_get( $key, PUBNET_WIDGETS_CACHE_GROUP ) );
		// Gone once it would be full again: a full bucket is no bucket.
		wp_cache_set( $key, $bucket, PUBNET_WIDGETS_CACHE_GROUP, (int) ceil( PUBNET_WIDGETS_BURST / PUBNET_WIDGETS_RATE ) + 1 );
		return $wait;
	}
	$wait = pubnet_widgets_locked(
		PUBNET_WIDGETS_CLIENTS,
		static function () use ( $client, $now, $take ) {
			$clients               = pubnet_widgets_option_read( PUBNET_WIDGETS_CLIENTS );
			list( $wait, $bucket ) = $take( $clients[ $client ] ?? null );
			unset( $clients[ $client ] );
			foreach ( $clients as $key => $other ) {
				if ( pubnet_widgets_bucket_tokens( $other, $now ) >= PUBNET_WIDGETS_BURST ) {
					unset( $clients[ $key ] );
				}
			}
			// The most recently seen last; the least recently seen forgotten first.
			$clients[ $client ] = $bucket;
			while ( count( $clients ) > PUBNET_WIDGETS_CLIENTS_MAX ) {
				unset( $clients[ array_key_first( $clients ) ] );
			}
			pubnet_widgets_option_write( PUBNET_WIDGETS_CLIENTS, $clients );
			return $wait;
		}
	);
	// The lock was not had within 2 s: the database is too busy to count, so no call is made.
	return null === $wait ? 1 : (int) $wait;
}

/**
 * The 429 of a client whose budget is spent.
 *
 * @param int $wait Seconds until a token is back.
 */
function pubnet_widgets_too_many( int $wait ): WP_REST_Response {
	$response = pubnet_widgets_detail( 429, sprintf( 'Too many requests: try again in %d s.', $wait ) );
	$response->header( 'Retry-After', (string) $wait );
	return $response;
}
