<?php
/**
 * The in-text lexicon of the built-in proxy (api-contract §15): `GET /wp-json/pubnet/v1/api/lexicon/`,
 * the network's merchants by the names a text mentions them by, for the browser's add-on, and
 * what the plugin's own in-text links (includes/intext/render.php) are made from.
 *
 * Built from the API's offer list (`offers.list` of the route table: every page, with the
 * site's token, through the plugin's safe fetch), active offers with an http(s) `preview_url`
 * only. An entry's names: the offer's title when it is a plain name (text only, at most 40
 * characters, a letter), the registrable domain of its page's host (includes/proxy/public-suffix.php),
 * and the publisher's aliases (In-text links' settings); an offer or host the settings never
 * link is left out. At most 2,000 entries, 8 names, 64 characters a name, 256 KiB.
 *
 * The offers' names and the lexicon are kept in the bounded store (`lexicon`: the object cache
 * when persistent), and what was built when in a small option (`pubnet_widgets_lexicon_state`).
 * The listing is the plugin's own, never a visitor's (no client's budget spent): at most once
 * an hour (after the answer, when there is a lexicon to serve meanwhile), and when the
 * publisher asks (the Rebuild lexicon button). An upstream failure keeps the last lexicon.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** The lexicon is rebuilt at most this often (seconds). */
const PUBNET_WIDGETS_LEXICON_EVERY = 3600;

/** How long the last good lexicon is kept when the API cannot be read (seconds). */
const PUBNET_WIDGETS_LEXICON_KEEP = 30 * 86400;

/** What was built when: `version`, `count`, `built` (the listing), `tried`, `basis`. */
const PUBNET_WIDGETS_LEXICON_STATE = 'pubnet_widgets_lexicon_state';

/** The offer list's pages: at most this many, of this size. */
const PUBNET_WIDGETS_LEXICON_PAGES     = 50;
const PUBNET_WIDGETS_LEXICON_PAGE_SIZE = 100;

/** A listing that takes longer than this (seconds) is given up. */
const PUBNET_WIDGETS_LEXICON_DEADLINE = 30;

/** A title is a name when it is at most this long (characters). */
const PUBNET_WIDGETS_LEXICON_TITLE_MAX = 40;

/** The JSON of the lexicon: as JavaScript writes it (slashes and Unicode as they are). */
const PUBNET_WIDGETS_LEXICON_JSON = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS;

/** The API path of the offer list, from the route table (`offers.list`); null when it has none. */
function pubnet_widgets_lexicon_list_path(): ?string {
	foreach ( pubnet_widgets_route_table()['patterns'] as $pattern ) {
		if ( 'offers.list' === ( $pattern['methods']['GET'] ?? null ) ) {
			return (string) $pattern['path'];
		}
	}
	return null;
}

/**
 * Every offer of the API's list, read with the site's token: null when a page could not be
 * read (no token, the API unreachable, an answer that is no list).
 */
function pubnet_widgets_lexicon_listing(): ?array {
	$settings = pubnet_widgets_settings();
	$path     = pubnet_widgets_lexicon_list_path();
	if ( null === $path || '' === $settings['token'] ) {
		return null;
	}
	$offers = array();
	$until  = microtime( true ) + PUBNET_WIDGETS_LEXICON_DEADLINE;
	for ( $page = 1; $page <= PUBNET_WIDGETS_LEXICON_PAGES; $page++ ) {
		$query    = http_build_query(
			array(
				'page'      => $page,
				'page_size' => PUBNET_WIDGETS_LEXICON_PAGE_SIZE,
			)
		);
		$response = pubnet_widgets_safe_request(
			trailingslashit( $settings['api_base'] ) . ltrim( $path, '/' ) . '?' . $query,
			array(
				'method'     => 'GET',
				'timeout'    => PUBNET_WIDGETS_API_TIMEOUT,
				'headers'    => array(
					'Accept'        => 'application/json',
					'Authorization' => 'Token ' . $settings['token'],
				),
				'user-agent' => 'pubnet-widgets-wordpress/' . PUBNET_WIDGETS_VERSION,
			)
		);
		if ( is_wp_error( $response ) || 200 !== (int) wp_remote_retrieve_response_code( $response ) ) {
			return null;
		}
		$data = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		if ( ! is_array( $data ) || ! isset( $data['results'] ) || ! is_array( $data['results'] ) || ! array_is_list( $data['results'] ) ) {
			return null;
		}
		foreach ( $data['results'] as $offer ) {
			if ( is_array( $offer ) ) {
				$offers[] = $offer;
			}
		}
		if ( empty( $data['next'] ) || ! $data['results'] ) {
			return $offers;
		}
		if ( microtime( true ) > $until ) {
			return null;
		}
	}
	return $offers;
}

/**
 * An offer's title as a name: one plain line (no markup, no entity, no control character) of at
 * most 40 characters with a letter; null for anything else (a title with markup, a long one).
 *
 * @param mixed $title The offer's title.
 */
function pubnet_widgets_lexicon_title( $title ): ?string {
	if ( ! is_string( $title ) || ! preg_match( '//u', $title ) ) {
		return null;
	}
	$name = trim( (string) preg_replace( '/' . PUBNET_WIDGETS_INTEXT_SPACE . '+/u', ' ', $title ) );
	return '' !== $name && ! preg_match( '/[<>&\p{Cc}]/u', $name ) && preg_match( '/\p{L}/u', $name )
		&& pubnet_widgets_intext_length( $name ) <= PUBNET_WIDGETS_LEXICON_TITLE_MAX ? $name : null;
}

/**
 * The entries the API's offers give (before the settings' aliases and exclusions): its active
 * offers with an http(s) page, each array( offer, names, url ).
 *
 * @param array $offers The offer list.
 */
function pubnet_widgets_lexicon_offers( array $offers ): array {
	$entries = array();
	$seen    = array();
	foreach ( $offers as $offer ) {
		$id  = $offer['id'] ?? null;
		$url = pubnet_widgets_intext_http_url( $offer['preview_url'] ?? null );
		if ( 'active' !== ( $offer['status'] ?? null ) || ! is_string( $id ) || '' === $id || null === $url || isset( $seen[ $id ] ) ) {
			continue;
		}
		$seen[ $id ] = true;
		$host        = pubnet_widgets_link_host( $url );
		$names       = array( pubnet_widgets_lexicon_title( $offer['title'] ?? null ), null === $host ? null : pubnet_widgets_registrable_domain( $host ) );
		$entries[]   = array(
			'offer' => $id,
			'names' => array_values( array_filter( $names, 'is_string' ) ),
			'url'   => $url,
		);
		if ( count( $entries ) >= 2 * PUBNET_WIDGETS_LEXICON_LIMITS['entries'] ) {
			break;
		}
	}
	return $entries;
}

/**
 * Whether an alias's or an exclusion's key (an offer id, or a host name) names `entry`: its
 * offer, or its page's host (`www.` aside) or registrable domain.
 *
 * @param string $key   Lower case.
 * @param array  $entry An entry.
 */
function pubnet_widgets_lexicon_names_entry( string $key, array $entry ): bool {
	if ( strtolower( $entry['offer'] ) === $key ) {
		return true;
	}
	$host = pubnet_widgets_link_host( $entry['url'] );
	return null !== $host && in_array( $key, array( $host, preg_replace( '/^www\./', '', $host ), pubnet_widgets_registrable_domain( $host ) ), true );
}

/**
 * The lexicon of `entries` (the offers') with the settings' aliases and exclusions, within
 * §15's bounds: array( 'version', 'json', 'count' ).
 *
 * @param array $entries  pubnet_widgets_lexicon_offers().
 * @param array $settings The settings.
 */
function pubnet_widgets_lexicon_make( array $entries, array $settings ): array {
	$limits = PUBNET_WIDGETS_LEXICON_LIMITS;
	$kept   = array();
	$bytes  = 64;
	foreach ( $entries as $entry ) {
		foreach ( $settings['intext_exclude'] as $key ) {
			if ( pubnet_widgets_lexicon_names_entry( $key, $entry ) ) {
				continue 2;
			}
		}
		$names = $entry['names'];
		foreach ( $settings['intext_aliases'] as $key => $aliases ) {
			if ( pubnet_widgets_lexicon_names_entry( (string) $key, $entry ) ) {
				$names = array_merge( $names, $aliases );
			}
		}
		$names = array_filter(
			array_unique( $names ),
			static fn( $name ) => preg_match( '/[\p{L}\p{N}]/u', $name ) && pubnet_widgets_intext_length( $name ) <= $limits['name_length']
		);
		if ( ! $names ) {
			continue;
		}
		$entry['names'] = array_slice( array_values( $names ), 0, $limits['names'] );
		$bytes         += strlen( (string) wp_json_encode( $entry, PUBNET_WIDGETS_LEXICON_JSON ) ) + 1;
		if ( count( $kept ) >= $limits['entries'] || $bytes > $limits['bytes'] ) {
			break;
		}
		$kept[] = $entry;
	}
	$listed  = (string) wp_json_encode( $kept, PUBNET_WIDGETS_LEXICON_JSON );
	$version = substr( md5( $listed ), 0, 16 );
	return array(
		'version' => $version,
		'json'    => '{"version":"' . $version . '","entries":' . $listed . '}',
		'count'   => count( $kept ),
	);
}

/**
 * What the lexicon depends on in the settings: their aliases and exclusions.
 *
 * @param array $settings The settings.
 */
function pubnet_widgets_lexicon_basis( array $settings ): string {
	return md5( (string) wp_json_encode( array( $settings['intext_aliases'], $settings['intext_exclude'] ) ) );
}

/** What was built when (the option `pubnet_widgets_lexicon_state`). */
function pubnet_widgets_lexicon_state(): array {
	$state = get_option( PUBNET_WIDGETS_LEXICON_STATE, array() );
	$state = is_array( $state ) ? $state : array();
	return array(
		'version' => is_string( $state['version'] ?? null ) ? $state['version'] : '',
		'count'   => (int) ( $state['count'] ?? 0 ),
		'built'   => (int) ( $state['built'] ?? 0 ),
		'tried'   => (int) ( $state['tried'] ?? 0 ),
		'basis'   => is_string( $state['basis'] ?? null ) ? $state['basis'] : '',
	);
}

/**
 * Keeps the offers' entries and their lexicon, and says so in the state.
 *
 * @param array $entries The offers' entries.
 * @param array $state   The state (its `built` and `tried`).
 */
function pubnet_widgets_lexicon_keep( array $entries, array $state ): array {
	$settings = pubnet_widgets_settings();
	$lexicon  = pubnet_widgets_lexicon_make( $entries, $settings );
	$offers   = (string) wp_json_encode( $entries, PUBNET_WIDGETS_LEXICON_JSON );
	pubnet_widgets_store_set(
		'lexicon',
		'current',
		array(
			'offers'  => $offers,
			'json'    => $lexicon['json'],
			'version' => $lexicon['version'],
		),
		PUBNET_WIDGETS_LEXICON_KEEP,
		$offers . $lexicon['json']
	);
	$state = array(
		'version' => $lexicon['version'],
		'count'   => $lexicon['count'],
		'built'   => $state['built'],
		'tried'   => $state['tried'],
		'basis'   => pubnet_widgets_lexicon_basis( $settings ),
	);
	update_option( PUBNET_WIDGETS_LEXICON_STATE, $state, true );
	return $state;
}

/**
 * Reads the API's offers and makes the lexicon again, unless it was tried less than an hour ago
 * (`force`: whatever the time). A failure keeps the last lexicon. One process at a time: another
 * one's rebuild is not waited for.
 *
 * @param bool $force Whether the publisher asked for it.
 * @return string rebuilt, failed, recent (tried within the hour), busy (another process is at
 *                it) or no-token.
 */
function pubnet_widgets_lexicon_rebuild( bool $force = false ): string {
	if ( '' === pubnet_widgets_settings()['token'] ) {
		return 'no-token';
	}
	$done = pubnet_widgets_locked(
		'lexicon',
		static function () use ( $force ) {
			$now   = (int) pubnet_widgets_now();
			$state = pubnet_widgets_option_read( PUBNET_WIDGETS_LEXICON_STATE ) + pubnet_widgets_lexicon_state();
			if ( ! $force && $now - (int) $state['tried'] < PUBNET_WIDGETS_LEXICON_EVERY && $now >= (int) $state['tried'] ) {
				return 'recent';
			}
			$state['tried'] = $now;
			update_option( PUBNET_WIDGETS_LEXICON_STATE, $state, true );
			$offers = pubnet_widgets_lexicon_listing();
			if ( null === $offers ) {
				return 'failed';
			}
			$state['built'] = $now;
			pubnet_widgets_lexicon_keep( pubnet_widgets_lexicon_offers( $offers ), $state );
			/**
			 * Fires when the lexicon was made again from the API's offers.
			 *
			 * @param array $state Its version, entries (`count`) and time.
			 */
			do_action( 'pubnet_widgets_lexicon_built', pubnet_widgets_lexicon_state() );
			return 'rebuilt';
		},
		0
	);
	return $done ?? 'busy';
}

/**
 * Whether the lexicon is due to be rebuilt after this request's answer (set), or is (get).
 *
 * @param bool|null $due Whether it is due, when setting.
 */
function pubnet_widgets_lexicon_due( ?bool $due = null ): bool {
	static $is = false;
	if ( null !== $due ) {
		$is = $due;
	}
	return $is;
}

/** Rebuilds the lexicon when this request found it due, once its answer is sent (shutdown). */
function pubnet_widgets_lexicon_rebuild_late(): void {
	if ( ! pubnet_widgets_lexicon_due() ) {
		return;
	}
	pubnet_widgets_lexicon_due( false );
	if ( function_exists( 'fastcgi_finish_request' ) ) {
		fastcgi_finish_request();
	}
	pubnet_widgets_lexicon_rebuild();
}

/**
 * Whether the lexicon of `state` is due to be rebuilt (an hour since it was last tried): then it
 * is, after this request's answer.
 *
 * @param array $state pubnet_widgets_lexicon_state().
 */
function pubnet_widgets_lexicon_check( array $state ): bool {
	$now   = (int) pubnet_widgets_now();
	$stale = $now - $state['tried'] >= PUBNET_WIDGETS_LEXICON_EVERY || $now < $state['tried'];
	if ( $stale ) {
		pubnet_widgets_lexicon_due( true );
	}
	return $stale;
}

/**
 * The lexicon to serve and to link from: array( 'version', 'json', 'count' ), or null while
 * there is none (not built yet, or never could be). A lexicon older than an hour is served
 * while this request's answer is followed by its rebuild; none at all is built now (at most
 * once an hour). One the settings' aliases or exclusions changed is made again from the kept
 * offers, with no API call.
 */
function pubnet_widgets_lexicon(): ?array {
	static $current = null;
	if ( null !== $current ) {
		return $current;
	}
	$state = pubnet_widgets_lexicon_state();
	$now   = (int) pubnet_widgets_now();
	$stale = $now - $state['tried'] >= PUBNET_WIDGETS_LEXICON_EVERY || $now < $state['tried'];
	$kept  = '' === $state['version'] ? null : pubnet_widgets_store_get( 'lexicon', 'current' );
	if ( null === $kept ) {
		if ( ! $stale || 'rebuilt' !== pubnet_widgets_lexicon_rebuild() ) {
			return null;
		}
		$state = pubnet_widgets_lexicon_state();
		$kept  = pubnet_widgets_store_get( 'lexicon', 'current', true );
		if ( null === $kept ) {
			return null;
		}
	} else {
		pubnet_widgets_lexicon_check( $state );
	}
	if ( $state['basis'] !== pubnet_widgets_lexicon_basis( pubnet_widgets_settings() ) || $kept['version'] !== $state['version'] ) {
		$entries = json_decode( (string) $kept['offers'], true );
		$state   = pubnet_widgets_lexicon_keep( is_array( $entries ) ? $entries : array(), $state );
		$kept    = pubnet_widgets_store_get( 'lexicon', 'current', true ) ?? $kept;
	}
	$current = array(
		'version' => (string) $kept['version'],
		'json'    => (string) $kept['json'],
		'count'   => $state['count'],
	);
	return $current;
}

/**
 * The answer of `/lexicon/` (GET and HEAD): 200 with the lexicon's JSON, public for an hour
 * with its ETag; 304 to an `If-None-Match` that names it; 503 while there is none.
 *
 * @param WP_REST_Request $request The request.
 * @param string          $method  GET, HEAD, or another (405).
 */
function pubnet_widgets_lexicon_answer( WP_REST_Request $request, string $method ): WP_REST_Response {
	pubnet_widgets_allow_header( array( 'GET', 'HEAD' ) );
	if ( 'GET' !== $method && 'HEAD' !== $method ) {
		return pubnet_widgets_detail( 405, sprintf( 'Method "%s" not allowed.', $method ) );
	}
	if ( '' === pubnet_widgets_settings()['token'] ) {
		return pubnet_widgets_detail( 503, 'The proxy has no API token yet (Settings → Pubnet Widgets).' );
	}
	$lexicon = pubnet_widgets_lexicon();
	if ( null === $lexicon ) {
		$response = pubnet_widgets_detail( 503, 'The lexicon is not built yet: the API could not be read.' );
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}
	$etag   = '"' . $lexicon['version'] . '"';
	$asked  = (string) $request->get_header( 'if_none_match' );
	$tags   = array_map( static fn( $tag ) => preg_replace( '/^W\//', '', trim( $tag ) ), explode( ',', $asked ) );
	$same   = '' !== $asked && ( in_array( $etag, $tags, true ) || in_array( '*', $tags, true ) );
	$answer = new WP_REST_Response( null, $same ? 304 : 200 );
	$answer->header( 'Cache-Control', 'public, max-age=' . PUBNET_WIDGETS_LEXICON_EVERY );
	$answer->header( 'ETag', $etag );
	pubnet_widgets_lexicon_body( $same || 'HEAD' === $method ? '' : $lexicon['json'] );
	return $answer;
}

/**
 * The lexicon's JSON as this request sends it, as it is kept (set), or what was set (get).
 *
 * @param string|null $json The body, when setting ('' for none: a 304 or a HEAD).
 */
function pubnet_widgets_lexicon_body( ?string $json = null ): ?string {
	static $body = null;
	if ( null !== $json ) {
		$body = $json;
	}
	return $body;
}

/**
 * Sends the lexicon's answer as it is kept (WordPress would encode it again, and send a 304 a
 * body): its JSON as the Node proxy writes it. Other answers as they are.
 *
 * @param bool             $served  Whether the answer was sent.
 * @param WP_HTTP_Response $result  The answer.
 * @param WP_REST_Request  $request The request.
 */
function pubnet_widgets_lexicon_serve( $served, $result, $request ) {
	$body = pubnet_widgets_lexicon_body();
	if ( $served || null === $body || ! $request instanceof WP_REST_Request || 0 !== stripos( (string) $request->get_route(), '/pubnet/v1/api/' )
		|| ! $result instanceof WP_HTTP_Response || ! in_array( $result->get_status(), array( 200, 304 ), true ) ) {
		return $served;
	}
	echo $body; // phpcs:ignore WordPress.Security.EscapeOutput -- JSON, sent as application/json.
	return true;
}

/**
 * No no-cache headers on the lexicon's answer (WordPress sends them to a logged-in user): it is
 * public, the same for everyone.
 *
 * @param bool $send Whether WordPress sends them.
 */
function pubnet_widgets_lexicon_cacheable( $send ) {
	return null === pubnet_widgets_lexicon_body() ? $send : false;
}
