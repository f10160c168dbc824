<?php
// Prepended to every script `php -S` runs for the test WordPress: the built-in
// server does not put environment variables into $_SERVER, where Debian's
// wp-config.php looks for WORDPRESS_CONFIG (the name of this run's config file).
if (getenv('WORDPRESS_CONFIG') !== false) {
    $_SERVER['WORDPRESS_CONFIG'] = getenv('WORDPRESS_CONFIG');
}
