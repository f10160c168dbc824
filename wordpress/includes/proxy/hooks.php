<?php
/**
 * The built-in proxy's hooks: its REST route (includes/proxy/endpoint.php), what it changes of
 * WordPress's own answer to it (includes/proxy/answer.php), and the in-text lexicon's answer and
 * hourly rebuild (includes/proxy/lexicon.php).
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

add_action( 'rest_api_init', 'pubnet_widgets_register_proxy_route' );

// WordPress's `Allow` lists every method registered on the route; the proxy's lists those it forwards.
add_filter( 'rest_post_dispatch', 'pubnet_widgets_proxy_allow', 20, 3 );

// WordPress answers the proxy's routes with CORS headers of its own (rest_send_cors_headers):
// a page on another origin reads X-Pubnet-Status too (api-contract §14). Other routes as they are.
add_filter( 'rest_exposed_cors_headers', 'pubnet_widgets_expose_status', 10, 2 );

// The lexicon's JSON as it is kept (WordPress would encode it again), public even to a
// logged-in user, and its rebuild after the answer when an hour has passed.
add_filter( 'rest_pre_serve_request', 'pubnet_widgets_lexicon_serve', 100, 3 );
add_filter( 'rest_send_nocache_headers', 'pubnet_widgets_lexicon_cacheable' );
add_action( 'shutdown', 'pubnet_widgets_lexicon_rebuild_late', PHP_INT_MAX );
