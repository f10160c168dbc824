<?php
// The plugin's in-text matcher (wordpress/includes/intext/) in plain PHP, for
// test/wordpress/intext.test.ts: `php -n -d extension=mbstring intext.php <includes/intext>`,
// a JSON request on stdin, a JSON answer on stdout. Every PHP error, warning, notice or
// deprecation the matcher raises is in the answer's `errors`.
define( 'ABSPATH', '/' );
$errors = array();
set_error_handler(
	static function ( $level, $message, $file, $line ) use ( &$errors ) {
		$errors[] = "$message ($file:$line)";
		return true;
	}
);
foreach ( array( 'strings', 'forms', 'match', 'choose', 'rules', 'html', 'lexicon', 'link-mentions' ) as $file ) {
	require $argv[1] . "/$file.php";
}
$request = json_decode( stream_get_contents( STDIN ), false );

/** The JavaScript options (`perWords`) as the PHP function takes them (`per_words`). */
$options = static function ( $given ): array {
	$options = (array) $given;
	if ( array_key_exists( 'perWords', $options ) ) {
		$options['per_words'] = $options['perWords'];
		unset( $options['perWords'] );
	}
	return $options;
};

$answer = array();
// The forms of names.
$answer['forms'] = array_map( 'pubnet_widgets_intext_forms', $request->forms ?? array() );
// HTML in, HTML out (or the option's error).
$answer['cases'] = array();
foreach ( $request->cases ?? array() as $case ) {
	try {
		$answer['cases'][] = pubnet_widgets_intext_link_mentions( $case->html, $case->lexicon, $options( $case->options ) );
	} catch ( InvalidArgumentException $error ) {
		$answer['cases'][] = array( 'error' => $error->getMessage() );
	}
}
// URLs as an entry's url is read.
$answer['urls'] = array_map( 'pubnet_widgets_intext_http_url', $request->urls ?? array() );
// HTML files (any bytes) in, linked files out, with the edits, the time and the memory taken.
$answer['files'] = array();
foreach ( $request->files ?? array() as $file ) {
	$html     = file_get_contents( $file->in );
	$lexicon  = pubnet_widgets_intext_read_lexicon( $file->lexicon );
	$compiled = pubnet_widgets_intext_compile( $lexicon );
	if ( function_exists( 'memory_reset_peak_usage' ) ) {
		memory_reset_peak_usage();
	}
	$before = memory_get_usage();
	$start  = hrtime( true );
	$edits  = pubnet_widgets_intext_find( $html, $compiled, $options( $file->options ) );
	$out    = pubnet_widgets_intext_apply( $html, $edits );
	$ms     = ( hrtime( true ) - $start ) / 1e6;
	file_put_contents( $file->out, $out );
	$answer['files'][] = array(
		'edits'  => $edits,
		'ms'     => $ms,
		'memory' => memory_get_peak_usage() - $before,
	);
}
$answer['errors'] = $errors;
echo json_encode( $answer, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE );
