<?php
// The report of every mention (wordpress/includes/intext/report.php, the chooser's own
// decisions) in plain PHP, for test/wordpress/intext-report.test.ts:
// `php -n -d extension=mbstring intext-report.php <includes/intext>`, a JSON request on stdin
// (`cases`: html, lexicon, options), a JSON answer on stdout: for each case the report, the HTML
// linked by pubnet_widgets_intext_link_mentions() (no report asked) and the HTML linked with the
// edits pubnet_widgets_intext_find() gave while reporting. Every PHP error, warning, notice or
// deprecation is in the answer's `errors`.
define( 'ABSPATH', '/' );
$errors = array();
set_error_handler(
	static function ( $level, $message, $file, $line ) use ( &$errors ) {
		$errors[] = "$message ($file:$line)";
		return true;
	}
);
foreach ( array( 'strings', 'forms', 'match', 'choose', 'rules', 'html', 'lexicon', 'link-mentions', 'report' ) as $file ) {
	require $argv[1] . "/$file.php";
}
$request = json_decode( stream_get_contents( STDIN ), false );
$answer  = array( 'cases' => array() );
foreach ( $request->cases as $case ) {
	$options = (array) $case->options;
	if ( array_key_exists( 'perWords', $options ) ) {
		$options['per_words'] = $options['perWords'];
		unset( $options['perWords'] );
	}
	try {
		$read = pubnet_widgets_intext_read_lexicon( $case->lexicon );
		if ( null === $read ) {
			$answer['cases'][] = array( 'none' => true );
			continue;
		}
		$compiled = pubnet_widgets_intext_compile( $read );
		$report   = array();
		$page     = null;
		$edits    = pubnet_widgets_intext_find( $case->html, $compiled, $options, $page, $report );
		$answer['cases'][] = array(
			'report'   => pubnet_widgets_intext_mentions( $case->html, $compiled, $options, $case->most ?? 500 ),
			'plain'    => pubnet_widgets_intext_link_mentions( $case->html, $case->lexicon, $options ),
			'reported' => pubnet_widgets_intext_apply( pubnet_widgets_intext_scrub( $case->html ), $edits ),
			'edits'    => $edits,
		);
	} catch ( InvalidArgumentException $error ) {
		$answer['cases'][] = array( 'error' => $error->getMessage() );
	}
}
$answer['errors'] = $errors;
echo json_encode( $answer, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE );
