<?php
/**
 * In-text links' hooks (Settings → Pubnet Widgets → In-text links; embed contract, "In-text
 * links setting"): the mentions of the network's merchants in posts and, when chosen, comments
 * linked in PHP as they are rendered (includes/intext/render.php), by the matcher of
 * includes/intext/ from the proxy's lexicon (includes/proxy/lexicon.php). Off (the default),
 * nothing of it runs. And the route of the block editor's In-text links panel, the mentions of
 * the post being edited (includes/intext/sidebar.php), for editors, on or off.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

// After shortcodes, blocks and smilies (20 and less), before auto-linking marks the links (99).
add_filter( 'the_content', 'pubnet_widgets_intext_content', 50 );
add_filter( 'comment_text', 'pubnet_widgets_intext_comment', 50, 2 );

// The editor's panel lists the mentions of the post (blocks/editor.js) through this route.
add_action( 'rest_api_init', 'pubnet_widgets_register_intext_route' );
