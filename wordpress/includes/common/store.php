<?php
/**
 * What the plugin keeps between requests, bounded whatever visitors send (api-contract §13):
 * no row per request in wp_options.
 *
 * With a persistent object cache (wp_using_ext_object_cache(): Redis, Memcached…) each entry
 * is one key of the group `pubnet_widgets` with its time to live, and the cache's own eviction
 * bounds them. Without one, each store is ONE option (autoload off), written under a MariaDB /
 * MySQL named lock so that PHP processes do not lose each other's writes: at most `entries`
 * entries and `bytes` bytes, expired entries dropped on every write, then the oldest. An
 * entry over its store's `keep` bytes (PUBNET_WIDGETS_KEEP_MAX unless it says) is served but
 * kept nowhere.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** The largest answer (or rendered fragment) kept: a larger one is served, not kept. */
const PUBNET_WIDGETS_KEEP_MAX = 65536;

/** The object cache's group. */
const PUBNET_WIDGETS_CACHE_GROUP = 'pubnet_widgets';

/** The stores: their option (without a persistent object cache) and its bounds. */
const PUBNET_WIDGETS_STORES = array(
	// The proxy's cacheable API answers.
	'api'     => array(
		'option'  => 'pubnet_widgets_api_cache',
		'entries' => 300,
		'bytes'   => 524288,
	),
	// Server-rendered fragments (includes/elements/render.php).
	'render'  => array(
		'option'  => 'pubnet_widgets_render_cache',
		'entries' => 100,
		'bytes'   => 524288,
	),
	// The in-text lexicon (includes/proxy/lexicon.php): one entry, the offers' names and the
	// lexicon published (at most 256 KiB each).
	'lexicon' => array(
		'option'  => 'pubnet_widgets_lexicon',
		'entries' => 1,
		'bytes'   => 1048576,
		'keep'    => 1048576,
	),
	// The in-text links made in posts and comments (includes/intext/render.php): where each
	// goes, a few hundred bytes an entry.
	'intext'  => array(
		'option'  => 'pubnet_widgets_intext_cache',
		'entries' => 1000,
		'bytes'   => 393216,
	),
);

/**
 * Runs `fn` holding the named lock of `name` (a MariaDB / MySQL lock, one per name, database
 * and table prefix), and gives what it returns; null without running it when the lock was
 * not had within `wait` seconds. A lock a crashed process held goes with its connection. A
 * database without named locks (GET_LOCK is an error there) runs `fn` unlocked.
 *
 * @param string   $name What is locked.
 * @param callable $fn   What runs with it.
 * @param int      $wait Seconds to wait for the lock.
 * @return mixed
 */
function pubnet_widgets_locked( string $name, callable $fn, int $wait = 2 ) {
	global $wpdb;
	$lock = 'pubnet_widgets:' . md5( DB_NAME . "\n" . $wpdb->options . "\n" . $name );
	$got  = $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, %d)', $lock, $wait ) );
	if ( null !== $got && '1' !== (string) $got ) {
		return null; // Held elsewhere all that time.
	}
	try {
		return $fn();
	} finally {
		if ( null !== $got ) {
			$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', $lock ) );
		}
	}
}

/**
 * An option's array as it is in the database now (not WordPress's copy of the request), or
 * an empty array. Its value is PHP's serialization of plain arrays and scalars.
 *
 * @param string $option The option's name.
 */
function pubnet_widgets_option_read( string $option ): array {
	global $wpdb;
	$text = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $option ) );
	if ( ! is_string( $text ) || '' === $text ) {
		return array();
	}
	$value = unserialize( $text, array( 'allowed_classes' => false ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- no object can come out.
	return is_array( $value ) ? $value : array();
}

/**
 * Writes an option's array in one statement, autoload off (it is read only when needed).
 *
 * @param string $option The option's name.
 * @param array  $value  Plain arrays and scalars.
 */
function pubnet_widgets_option_write( string $option, array $value ): void {
	global $wpdb;
	$wpdb->query(
		$wpdb->prepare(
			"INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no') ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)",
			$option,
			serialize( $value ) // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- read back with allowed_classes false.
		)
	);
	wp_cache_delete( $option, 'options' );
}

/**
 * The entries of a store's option (key => array( expires, value )), read once per request.
 *
 * @param string     $store   A key of PUBNET_WIDGETS_STORES.
 * @param array|null $entries The entries just written, to remember.
 */
function pubnet_widgets_store_entries( string $store, ?array $entries = null ): array {
	static $read = array();
	if ( null !== $entries ) {
		$read[ $store ] = $entries;
	} elseif ( ! isset( $read[ $store ] ) ) {
		$read[ $store ] = pubnet_widgets_option_read( PUBNET_WIDGETS_STORES[ $store ]['option'] );
	}
	return $read[ $store ];
}

/**
 * The value kept under `key`, or null when there is none or it expired.
 *
 * @param string $store A key of PUBNET_WIDGETS_STORES.
 * @param string $key   The entry's key.
 * @param bool   $fresh Whether to read the store again (another process may have written it).
 */
function pubnet_widgets_store_get( string $store, string $key, bool $fresh = false ): ?array {
	if ( wp_using_ext_object_cache() ) {
		$hit = wp_cache_get( $store . ':' . $key, PUBNET_WIDGETS_CACHE_GROUP, $fresh );
		return is_array( $hit ) ? $hit : null;
	}
	if ( $fresh ) {
		pubnet_widgets_store_entries( $store, pubnet_widgets_option_read( PUBNET_WIDGETS_STORES[ $store ]['option'] ) );
	}
	$entry = pubnet_widgets_store_entries( $store )[ $key ] ?? null;
	if ( ! is_array( $entry ) || ! isset( $entry[0], $entry[1] ) || ! is_array( $entry[1] ) || (int) $entry[0] <= time() ) {
		return null;
	}
	return $entry[1];
}

/**
 * Keeps `value` under `key` for `ttl` seconds, unless the text it holds is larger than its
 * store keeps (`keep`, else PUBNET_WIDGETS_KEEP_MAX) or not UTF-8.
 *
 * @param string $store A key of PUBNET_WIDGETS_STORES.
 * @param string $key   The entry's key.
 * @param array  $value Plain arrays and scalars (strings: UTF-8).
 * @param int    $ttl   Seconds.
 * @param string $text  The text it holds (its size is what is bounded).
 */
function pubnet_widgets_store_set( string $store, string $key, array $value, int $ttl, string $text ): void {
	if ( strlen( $text ) > ( PUBNET_WIDGETS_STORES[ $store ]['keep'] ?? PUBNET_WIDGETS_KEEP_MAX ) || ! preg_match( '//u', $text ) ) {
		return;
	}
	if ( wp_using_ext_object_cache() ) {
		wp_cache_set( $store . ':' . $key, $value, PUBNET_WIDGETS_CACHE_GROUP, $ttl );
		return;
	}
	$bounds = PUBNET_WIDGETS_STORES[ $store ];
	pubnet_widgets_locked(
		$bounds['option'],
		static function () use ( $store, $key, $value, $ttl, $bounds ) {
			$now     = time();
			$entries = array();
			$bytes   = 0;
			foreach ( pubnet_widgets_option_read( $bounds['option'] ) as $k => $entry ) {
				if ( is_array( $entry ) && isset( $entry[0] ) && (int) $entry[0] > $now && $k !== $key ) {
					$entries[ $k ] = $entry;
					$bytes        += pubnet_widgets_entry_bytes( (string) $k, $entry );
				}
			}
			// The newest last: the oldest are dropped first.
			$entries[ $key ] = array( $now + $ttl, $value );
			$bytes          += pubnet_widgets_entry_bytes( $key, $entries[ $key ] );
			while ( $entries && ( count( $entries ) > $bounds['entries'] || $bytes > $bounds['bytes'] ) ) {
				$oldest = array_key_first( $entries );
				$bytes -= pubnet_widgets_entry_bytes( (string) $oldest, $entries[ $oldest ] );
				unset( $entries[ $oldest ] );
			}
			pubnet_widgets_option_write( $bounds['option'], $entries );
			pubnet_widgets_store_entries( $store, $entries );
		}
	);
}

/**
 * The bytes one entry takes in the option's serialized value (its key and its value, with a
 * few bytes to spare for the array's own).
 *
 * @param string $key   The entry's key.
 * @param array  $entry array( expires, value ).
 */
function pubnet_widgets_entry_bytes( string $key, array $entry ): int {
	return strlen( serialize( $key ) ) + strlen( serialize( $entry ) ) + 8; // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- its size only.
}
