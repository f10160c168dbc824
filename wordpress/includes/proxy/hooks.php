<?php
/**
 * The built-in proxy's hooks: its REST route (includes/proxy/endpoint.php), and what it changes of
 * WordPress's own answer to it (includes/proxy/answer.php).
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
