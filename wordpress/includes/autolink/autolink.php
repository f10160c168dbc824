<?php
/**
 * Auto-linking (Settings → Pubnet Widgets → Auto-linking; embed contract, "Auto-linking
 * setting"): the plugin's own copy of the auto-linking file (assets/pubnet-autolink.min.js),
 * configured through its data-* attributes, which turns the plain links to the network's
 * merchants into tracking links, with the reader's consent.
 *
 * Off (the default), nothing of it is on any page. On:
 * - post content (`the_content`) and comments (`comment_text`), as chosen: each `<a>` there
 *   whose href is an absolute http(s) or protocol-relative URL gets `data-pubnet-autolink`
 *   ("content" or "comment"), and `data-scope` is `[data-pubnet-autolink]`: no wrapper
 *   element, which would change a block theme's layout (its rules for a container's children);
 * - include classes join the scope (`.name`: links in such elements, anywhere in the page);
 * - exclude classes and excluded domains (each with its subdomains) go into `data-exclude`;
 * - the consent mode "tcf" is the file's default (a TCF CMP on the page decides; none: allowed);
 *   "always" is `data-consent="manual"` and a call of `Pubnet.autolink.consent(true)` once the
 *   document is parsed. Global Privacy Control is respected in both.
 * The file is enqueued once, in the footer, `defer`, with its SRI hash: on every page when
 * there are include classes, else on the pages whose content or comments have a marked link.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** The attribute that puts a link of post content or comments in the scope. */
const PUBNET_WIDGETS_AUTOLINK_MARK = 'data-pubnet-autolink';

/** Auto-linking's settings on a fresh site (merged into pubnet_widgets_defaults()). */
function pubnet_widgets_autolink_defaults(): array {
	return array(
		'autolink'                 => false,
		'autolink_content'         => true,
		'autolink_comments'        => true,
		'autolink_exclude_domains' => array(),
		'autolink_include_classes' => array(),
		'autolink_exclude_classes' => array(),
		'autolink_consent'         => 'tcf',
	);
}

/** A checkbox's or a stored flag's value as a boolean. */
function pubnet_widgets_autolink_flag( $value ): bool {
	return true === $value || 1 === $value || ( is_string( $value ) && in_array( strtolower( $value ), array( '1', 'on', 'yes', 'true' ), true ) );
}

/** A CSS class name as it goes into a selector unescaped: `-`? then a letter, `_` or non-ASCII, then those, digits and `-`. */
function pubnet_widgets_is_class_name( $value ): bool {
	return is_string( $value ) && strlen( $value ) <= 100
		&& 1 === preg_match( '/^-?[A-Za-z_\x{80}-\x{10FFFF}][A-Za-z0-9_\x{80}-\x{10FFFF}-]*$/u', $value );
}

/**
 * `$settings` with auto-linking's keys as the plugin uses them (a stored value of the wrong
 * type or form is dropped).
 *
 * @param array $settings The settings, every key present.
 */
function pubnet_widgets_autolink_settings( array $settings ): array {
	foreach ( array( 'autolink', 'autolink_content', 'autolink_comments' ) as $key ) {
		$settings[ $key ] = pubnet_widgets_autolink_flag( $settings[ $key ] );
	}
	$lists = array(
		'autolink_exclude_domains' => 'pubnet_widgets_is_host',
		'autolink_include_classes' => 'pubnet_widgets_is_class_name',
		'autolink_exclude_classes' => 'pubnet_widgets_is_class_name',
	);
	foreach ( $lists as $key => $valid ) {
		$list             = is_array( $settings[ $key ] ) ? $settings[ $key ] : array();
		$settings[ $key ] = array_values( array_filter( $list, $valid ) );
	}
	if ( ! in_array( $settings['autolink_consent'], array( 'tcf', 'always' ), true ) ) {
		$settings['autolink_consent'] = 'tcf';
	}
	return $settings;
}

/**
 * Auto-linking's part of the sanitize callback (pubnet_widgets_sanitize): a key not submitted
 * keeps its value; the lists (one per line, or separated by commas or spaces) keep their
 * valid entries and leave out the others, named in a notice. Idempotent.
 *
 * @param array $input The submitted array (unslashed).
 * @param array $new   The settings sanitized so far.
 */
function pubnet_widgets_sanitize_autolink( array $input, array $new ): array {
	foreach ( array( 'autolink', 'autolink_content', 'autolink_comments' ) as $key ) {
		if ( array_key_exists( $key, $input ) ) {
			$new[ $key ] = pubnet_widgets_autolink_flag( $input[ $key ] );
		}
	}

	$lists = array(
		'autolink_exclude_domains' => array(
			'pubnet_widgets_is_host',
			static fn( $item ) => rtrim( strtolower( $item ), '.' ),
			/* translators: %s: the entries left out, separated by commas. */
			__( 'Excluded domains: left out %s (not host names); the others are saved.', 'pubnet-widgets' ),
		),
		'autolink_include_classes' => array(
			'pubnet_widgets_is_class_name',
			static fn( $item ) => ltrim( $item, '.' ),
			/* translators: %s: the entries left out, separated by commas. */
			__( 'Include CSS classes: left out %s (not CSS class names); the others are saved.', 'pubnet-widgets' ),
		),
		'autolink_exclude_classes' => array(
			'pubnet_widgets_is_class_name',
			static fn( $item ) => ltrim( $item, '.' ),
			/* translators: %s: the entries left out, separated by commas. */
			__( 'Exclude CSS classes: left out %s (not CSS class names); the others are saved.', 'pubnet-widgets' ),
		),
	);
	foreach ( $lists as $key => list( $valid, $normalize, $message ) ) {
		if ( ! array_key_exists( $key, $input ) ) {
			continue; // Not submitted: kept.
		}
		$value = $input[ $key ];
		$text  = is_array( $value ) ? implode( ' ', array_filter( $value, 'is_string' ) ) : ( is_string( $value ) ? $value : '' );
		$kept  = array();
		$left  = array();
		foreach ( preg_split( '/[\s,]+/u', $text, -1, PREG_SPLIT_NO_EMPTY ) ?: array() as $item ) {
			$item = $normalize( $item );
			if ( $valid( $item ) ) {
				$kept[] = $item;
			} else {
				$left[] = $item;
			}
		}
		$new[ $key ] = array_values( array_unique( $kept ) );
		if ( $left ) {
			$shown = array_map( static fn( $item ) => wp_html_excerpt( $item, 60, '…' ), array_slice( $left, 0, 10 ) );
			$list  = implode( ', ', $shown ) . ( count( $left ) > 10 ? ', …' : '' );
			// settings_errors() prints the message as HTML: what the user typed is escaped here.
			add_settings_error( PUBNET_WIDGETS_OPTION, 'pubnet_widgets_' . $key, sprintf( esc_html( $message ), '<code>' . esc_html( $list ) . '</code>' ), 'warning' );
		}
	}

	if ( array_key_exists( 'autolink_consent', $input ) ) {
		$consent = is_string( $input['autolink_consent'] ) ? $input['autolink_consent'] : '';
		if ( in_array( $consent, array( 'tcf', 'always' ), true ) ) {
			$new['autolink_consent'] = $consent;
		} else {
			/* translators: %s: the field's label. */
			add_settings_error( PUBNET_WIDGETS_OPTION, 'pubnet_widgets_autolink_consent', sprintf( __( '%s: invalid value, the previous one is kept.', 'pubnet-widgets' ), __( 'Consent', 'pubnet-widgets' ) ) );
		}
	}
	return $new;
}

/** Whether auto-linking is on, with somewhere to work: post content, comments or an include class. */
function pubnet_widgets_autolink_on(): bool {
	$settings = pubnet_widgets_settings();
	return $settings['autolink']
		&& ( $settings['autolink_content'] || $settings['autolink_comments'] || $settings['autolink_include_classes'] );
}

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

/**
 * `$html` (post content or a comment's text) with its links marked for the scope
 * (`data-pubnet-autolink="$where"`), when auto-linking works there; then the file is enqueued.
 * The links are found as WordPress's own link filters (wp_rel_ugc) find them.
 *
 * @param mixed  $html  The filtered HTML.
 * @param string $where `content` or `comment`.
 * @param string $key   The setting that turns it on there.
 */
function pubnet_widgets_autolink_mark( $html, string $where, string $key ) {
	if ( ! is_string( $html ) || false === stripos( $html, '<a' ) || is_admin() || is_feed()
		|| ( defined( 'REST_REQUEST' ) && REST_REQUEST ) ) {
		return $html;
	}
	$settings = pubnet_widgets_settings();
	if ( ! $settings['autolink'] || ! $settings[ $key ] ) {
		return $html;
	}
	$marked = false;
	$html   = preg_replace_callback(
		'/<a\s[^>]*>/i',
		static function ( $match ) use ( $where, &$marked ) {
			$tag = $match[0];
			if ( ! preg_match( '/\shref\s*=\s*["\']?\s*(?:https?:)?\/\//i', $tag )
				|| preg_match( '/\s' . PUBNET_WIDGETS_AUTOLINK_MARK . '[\s=>\/]/i', $tag ) ) {
				return $tag;
			}
			$marked = true;
			return '<a ' . PUBNET_WIDGETS_AUTOLINK_MARK . '="' . $where . '"' . substr( $tag, 2 );
		},
		$html
	);
	if ( $marked ) {
		wp_enqueue_script( 'pubnet-widgets-autolink' );
	}
	return $html;
}

// After shortcodes and blocks (priority 11 and less), and make_clickable in comments.
add_filter( 'the_content', static fn( $html ) => pubnet_widgets_autolink_mark( $html, 'content', 'autolink_content' ), 99 );
add_filter( 'comment_text', static fn( $html ) => pubnet_widgets_autolink_mark( $html, 'comment', 'autolink_comments' ), 99 );

add_action(
	'init',
	static function () {
		wp_register_script( 'pubnet-widgets-autolink', plugins_url( 'assets/pubnet-autolink.min.js', PUBNET_WIDGETS_FILE ), array(), PUBNET_WIDGETS_VERSION, true );
	}
);

add_action(
	'wp_enqueue_scripts',
	static function () {
		// Include classes may be anywhere in a page: the file is on every one.
		if ( pubnet_widgets_autolink_on() && pubnet_widgets_settings()['autolink_include_classes'] ) {
			wp_enqueue_script( 'pubnet-widgets-autolink' );
		}
	}
);

add_filter(
	'script_loader_tag',
	static function ( $tag, $handle, $src ) {
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
	},
	10,
	3
);

add_action(
	'admin_init',
	static function () {
		add_settings_section(
			'pubnet_widgets_autolink',
			__( 'Auto-linking', 'pubnet-widgets' ),
			static function () {
				echo '<p>' . esc_html__( 'Turns the plain links of your posts and comments to the network\'s merchants into tracking links, with the reader\'s consent: a link is asked about when it nears the screen, and rewritten when the reader points at it. A rewritten link gets rel="sponsored" and keeps its original address in data-pubnet-href. Links to this site, and links in the widgets, are never touched.', 'pubnet-widgets' ) . '</p>';
			},
			'pubnet-widgets'
		);
		$fields = array(
			'autolink'                 => __( 'Auto-linking', 'pubnet-widgets' ),
			'autolink_where'           => __( 'Where', 'pubnet-widgets' ),
			'autolink_exclude_domains' => __( 'Excluded domains', 'pubnet-widgets' ),
			'autolink_include_classes' => __( 'Include CSS classes', 'pubnet-widgets' ),
			'autolink_exclude_classes' => __( 'Exclude CSS classes', 'pubnet-widgets' ),
			'autolink_consent'         => __( 'Consent', 'pubnet-widgets' ),
		);
		foreach ( $fields as $key => $label ) {
			$args = array( 'key' => $key );
			if ( ! in_array( $key, array( 'autolink_where', 'autolink_consent' ), true ) ) {
				$args['label_for'] = 'pubnet_widgets_' . $key;
			}
			add_settings_field( 'pubnet_widgets_' . $key, $label, 'pubnet_widgets_render_autolink_field', 'pubnet-widgets', 'pubnet_widgets_autolink', $args );
		}
	}
);

/**
 * One field of the Auto-linking section. A checkbox comes after a hidden "0" of the same
 * name: unticked, the form still says so (a key the form does not send is kept).
 *
 * @param array $args `key`: the field's key.
 */
function pubnet_widgets_render_autolink_field( array $args ): void {
	$settings = pubnet_widgets_settings();
	$key      = $args['key'];
	$name     = static fn( $key ) => PUBNET_WIDGETS_OPTION . '[' . $key . ']';
	$checkbox = static function ( $key, $id = '' ) use ( $settings, $name ) {
		printf( '<input type="hidden" name="%1$s" value="0"><input type="checkbox" name="%1$s" value="1"%2$s%3$s>', esc_attr( $name( $key ) ), '' !== $id ? ' id="' . esc_attr( $id ) . '"' : '', checked( $settings[ $key ], true, false ) );
	};
	$note     = static function ( $text ) {
		echo '<p class="description">' . esc_html( $text ) . '</p>';
	};
	$list     = static function ( $key, $placeholder ) use ( $settings, $name ) {
		printf( '<textarea name="%s" id="%s" rows="3" class="regular-text" placeholder="%s">%s</textarea>', esc_attr( $name( $key ) ), esc_attr( 'pubnet_widgets_' . $key ), esc_attr( $placeholder ), esc_textarea( implode( "\n", $settings[ $key ] ) ) );
	};

	switch ( $key ) {
		case 'autolink':
			$checkbox( 'autolink', 'pubnet_widgets_autolink' );
			$note( __( 'Off by default. Off, nothing of auto-linking is on your pages.', 'pubnet-widgets' ) );
			break;
		case 'autolink_where':
			echo '<fieldset><legend class="screen-reader-text">' . esc_html__( 'Where', 'pubnet-widgets' ) . '</legend>';
			foreach ( array(
				'autolink_content'  => __( 'Post content', 'pubnet-widgets' ),
				'autolink_comments' => __( 'Comments', 'pubnet-widgets' ),
			) as $flag => $label ) {
				echo '<label>';
				$checkbox( $flag );
				echo ' ' . esc_html( $label ) . '</label><br>';
			}
			echo '</fieldset>';
			$note( __( 'The text of posts and pages, and of comments (not a commenter\'s website link).', 'pubnet-widgets' ) );
			break;
		case 'autolink_exclude_domains':
			$list( $key, 'shop.example' );
			$note( __( 'Links to these domains, and to their subdomains, are never rewritten. One per line, or separated by commas: host names only (shop.example, without https:// or a path).', 'pubnet-widgets' ) );
			break;
		case 'autolink_include_classes':
			$list( $key, 'affiliate-links' );
			$note( __( 'Links inside elements with one of these CSS classes (or with it themselves) are rewritten too, anywhere on the page: a sidebar, a template. One per line, or separated by commas.', 'pubnet-widgets' ) );
			break;
		case 'autolink_exclude_classes':
			$list( $key, 'no-affiliate' );
			$note( __( 'Links inside elements with one of these CSS classes (or with it themselves) are never rewritten. One per line, or separated by commas. A single link can also be kept as it is with data-pubnet="off".', 'pubnet-widgets' ) );
			break;
		case 'autolink_consent':
			echo '<fieldset><legend class="screen-reader-text">' . esc_html__( 'Consent', 'pubnet-widgets' ) . '</legend>';
			$choices = array(
				'tcf'    => __( 'The page\'s TCF consent platform (CMP)', 'pubnet-widgets' ),
				'always' => __( 'Always', 'pubnet-widgets' ),
			);
			foreach ( $choices as $value => $label ) {
				printf( '<label><input type="radio" name="%s" value="%s"%s> %s</label><br>', esc_attr( $name( 'autolink_consent' ) ), esc_attr( $value ), checked( $settings['autolink_consent'], $value, false ), esc_html( $label ) );
			}
			echo '</fieldset>';
			$note( __( 'With the consent platform (a TCF v2.2 CMP, such as your cookie banner), links are rewritten only once the reader consents to purpose 1; on a page without one, they are rewritten. Always: rewritten without asking it. Either way, nothing is rewritten for a reader whose browser sends Global Privacy Control.', 'pubnet-widgets' ) );
			break;
	}
}

/** The Auto-linking notice of the settings page: on, with nowhere to work. */
function pubnet_widgets_autolink_notices(): void {
	$settings = pubnet_widgets_settings();
	if ( $settings['autolink'] && ! pubnet_widgets_autolink_on() ) {
		echo '<div class="notice notice-warning"><p>' . esc_html__( 'Auto-linking is on, but with nowhere to work: tick Post content or Comments, or give an include class.', 'pubnet-widgets' ) . '</p></div>';
	}
}
