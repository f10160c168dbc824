<?php
/**
 * The shortcodes of the network's own plugin ("Convertiser Widgets") in old posts, mapped as
 * the embed contract says (WordPress, "Coming from the network's own plugin"):
 * [convertiser_comparison]lead[/convertiser_comparison] through [pubnet_price_comparison]'s
 * function, [convertiser_payday_offers] through [pubnet_loan_offers]'s
 * (includes/elements/render.php). Each only builds the attributes our shortcode takes; their
 * checks (includes/elements/attributes.php) drop what is invalid. Every other attribute
 * (colours, fonts, styles, templates we have no counterpart for, GA labels) is ignored: never
 * an error, never printed.
 *
 * They are registered late on `init`, and only when no other plugin has the tag: while the
 * network's plugin is still active (a switch in progress) its shortcodes are left alone.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/** The network plugin's shortcodes => this plugin's function for each. */
const PUBNET_WIDGETS_CONVERTISER_SHORTCODES = array(
	'convertiser_comparison'    => 'pubnet_widgets_convertiser_comparison',
	'convertiser_payday_offers' => 'pubnet_widgets_convertiser_payday_offers',
);

/**
 * Registers each of the network plugin's shortcodes that no other plugin has (late on `init`:
 * the network's plugin, still active, keeps its own).
 */
function pubnet_widgets_register_convertiser_shortcodes(): void {
	foreach ( PUBNET_WIDGETS_CONVERTISER_SHORTCODES as $tag => $callback ) {
		if ( ! shortcode_exists( $tag ) ) {
			add_shortcode( $tag, $callback );
		}
	}
}

/** The network plugin's shortcodes that are this plugin's (not another plugin's) now. */
function pubnet_widgets_convertiser_tags(): array {
	global $shortcode_tags;
	$tags = array();
	foreach ( PUBNET_WIDGETS_CONVERTISER_SHORTCODES as $tag => $callback ) {
		if ( ( $shortcode_tags[ $tag ] ?? null ) === $callback ) {
			$tags[] = $tag;
		}
	}
	return $tags;
}

/**
 * A value of the network's plugin as a string, trimmed ('' when absent).
 *
 * @param mixed  $atts The shortcode's attributes (WordPress gives '' when there are none).
 * @param string $name The attribute's name.
 */
function pubnet_widgets_convertiser_att( $atts, string $name ): string {
	return is_array( $atts ) ? pubnet_widgets_att( $atts, $name ) : '';
}

/**
 * [convertiser_comparison title="…" mpn="…" ordering="asc|desc" limit="…"]lead[/…] as
 * [pubnet_price_comparison query="…" mpn="…" ordering="price|-price" limit="…"]lead[/…]:
 * `title` is the product's name (our `query`); `asc` is cheapest first (`price`), `desc`
 * dearest first (`-price`), any other ordering left out (our default, `price`).
 *
 * @param mixed       $atts    The shortcode's attributes.
 * @param string|null $content The enclosed text: the lead, as our shortcode's.
 */
function pubnet_widgets_convertiser_comparison( $atts, $content = '' ): string {
	$orderings = array(
		'asc'  => 'price',
		'desc' => '-price',
	);
	$ordering  = strtolower( pubnet_widgets_convertiser_att( $atts, 'ordering' ) );
	return pubnet_widgets_price_comparison_html(
		array(
			'query'    => pubnet_widgets_convertiser_att( $atts, 'title' ),
			'mpn'      => pubnet_widgets_convertiser_att( $atts, 'mpn' ),
			'ordering' => $orderings[ $ordering ] ?? '',
			'limit'    => pubnet_widgets_convertiser_att( $atts, 'limit' ),
		),
		is_string( $content ) ? $content : ''
	);
}

/**
 * A comma-separated list of the network's plugin (`a.pl,b.pl`; also `|`) as our `|`-separated
 * one, each item trimmed and in lower case, those `$keep` refuses left out: an item the
 * network's plugin could match with nothing.
 *
 * @param string   $value The value.
 * @param callable $keep  Whether one item is kept.
 */
function pubnet_widgets_convertiser_list( string $value, callable $keep ): string {
	$items = array_map( 'trim', preg_split( '/[,|]/', strtolower( $value ) ) );
	return implode( '|', array_filter( $items, $keep ) );
}

/**
 * [convertiser_payday_offers …] as [pubnet_loan_offers …]: `type`, `only`, `exclude` and
 * `fixed_order` (our `pinned`) comma-separated lists become `|`-separated ones (a loan type
 * other than `short_term` or `long_term`, or a name that is no domain, left out);
 * `first_loan_fees`, `blacklist_check` and `income_proof` given as `no` (or `0`, `false`, as
 * the network's plugin read them) are our flags `first_loan_free`, `no_bik`, `no_income_proof`
 * ("yes" or anything else: no filter); `template="grid"` is `layout="grid"`, any other
 * template `list`; `ordering`, `highlight` and `limit` as they are (our checks drop `random`
 * and the rest we do not know); `customer_age`, `loan_amount` and `loan_period` as they are
 * when above 0 (the network's plugin read 0 as no filter). `show_loan_simulation` is ignored:
 * the representative example is always shown.
 *
 * @param mixed $atts The shortcode's attributes.
 */
function pubnet_widgets_convertiser_payday_offers( $atts ): string {
	$get      = static function ( string $name ) use ( $atts ): string {
		return pubnet_widgets_convertiser_att( $atts, $name );
	};
	$no       = static function ( string $name ) use ( $get ): string {
		return in_array( strtolower( $get( $name ) ), array( 'no', '0', 'false' ), true ) ? '1' : '';
	};
	$positive = static function ( string $name ) use ( $get ): string {
		$value = $get( $name );
		return is_numeric( $value ) && (float) $value > 0 ? $value : '';
	};
	$type     = static function ( string $item ): bool {
		return in_array( $item, PUBNET_WIDGETS_LOAN_TYPES, true );
	};
	return pubnet_widgets_loan_offers_html(
		array(
			'type'            => pubnet_widgets_convertiser_list( $get( 'type' ), $type ),
			'only'            => pubnet_widgets_convertiser_list( $get( 'only' ), 'pubnet_widgets_is_host' ),
			'exclude'         => pubnet_widgets_convertiser_list( $get( 'exclude' ), 'pubnet_widgets_is_host' ),
			'pinned'          => pubnet_widgets_convertiser_list( $get( 'fixed_order' ), 'pubnet_widgets_is_host' ),
			'first_loan_free' => $no( 'first_loan_fees' ),
			'no_bik'          => $no( 'blacklist_check' ),
			'no_income_proof' => $no( 'income_proof' ),
			'customer_age'    => $positive( 'customer_age' ),
			'loan_amount'     => $positive( 'loan_amount' ),
			'loan_period'     => $positive( 'loan_period' ),
			'ordering'        => $get( 'ordering' ),
			'highlight'       => $get( 'highlight' ),
			'limit'           => $get( 'limit' ),
			'layout'          => 'grid' === strtolower( $get( 'template' ) ) ? 'grid' : 'list',
		)
	);
}

/**
 * pubnet.css in <head> of the posts and pages whose content holds one of them, as
 * includes/elements/assets.php does for our own shortcodes (so nothing moves when the widgets
 * arrive).
 */
function pubnet_widgets_convertiser_style(): void {
	global $wp_query;
	$tags = pubnet_widgets_convertiser_tags();
	if ( ! $tags ) {
		return;
	}
	$posts = is_singular() ? array( get_queried_object() ) : (array) ( $wp_query->posts ?? array() );
	foreach ( $posts as $post ) {
		foreach ( $tags as $tag ) {
			if ( $post instanceof WP_Post && has_shortcode( $post->post_content, $tag ) ) {
				wp_enqueue_style( 'pubnet-widgets' );
				return;
			}
		}
	}
}
