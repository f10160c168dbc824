<?php
// Router of `php -S` for the test WordPress: /wp-content/ from the run's own
// content directory (PUBNET_WP_CONTENT), other existing paths of the document
// root (Debian's /usr/share/wordpress) as the built-in server serves them,
// everything else to index.php (pretty permalinks, /wp-json/).
$path = rawurldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?? '/');
if (str_starts_with($path, '/wp-content/')) {
    // Only here: other paths (/wp-json/… with `..`) reach WordPress as sent.
    if (preg_match('#(^|/)\.\.(/|$)#', $path)) {
        http_response_code(400);
        return true;
    }
    $file = getenv('PUBNET_WP_CONTENT') . substr($path, strlen('/wp-content'));
    $type = [
        'css' => 'text/css; charset=utf-8', 'js' => 'text/javascript; charset=utf-8',
        'json' => 'application/json', 'svg' => 'image/svg+xml', 'png' => 'image/png',
        'jpg' => 'image/jpeg', 'jpeg' => 'image/jpeg', 'gif' => 'image/gif', 'webp' => 'image/webp',
        'woff2' => 'font/woff2', 'woff' => 'font/woff', 'txt' => 'text/plain', 'sri' => 'text/plain',
        'ico' => 'image/x-icon', 'map' => 'application/json',
    ][strtolower(pathinfo($file, PATHINFO_EXTENSION))] ?? null;
    if (!is_file($file) || $type === null) {
        http_response_code(404);
        return true;
    }
    header('Content-Type: ' . $type);
    header('Content-Length: ' . filesize($file));
    readfile($file);
    return true;
}
if ($path !== '/' && file_exists($_SERVER['DOCUMENT_ROOT'] . $path)) {
    return false;
}
// The prepend file does not run before a router script: the config's name again.
$_SERVER['WORDPRESS_CONFIG'] = getenv('WORDPRESS_CONFIG');
// As under Apache's mod_rewrite or nginx's try_files: no PATH_INFO. (php -S sets it to the
// path with `//` collapsed and WordPress would route by it, not by REQUEST_URI.)
unset($_SERVER['PATH_INFO'], $_SERVER['ORIG_PATH_INFO']);
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
chdir($_SERVER['DOCUMENT_ROOT']);
require 'index.php';
