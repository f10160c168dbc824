<?php
/**
 * What the settings page's fields are made of, for its sections alike: a setting's form name,
 * a checkbox that says so when unticked, a list of lines, and a field's note.
 *
 * @package pubnet-widgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The form name of the setting `key` (a key of the plugin's one option).
 *
 * @param string $key The setting.
 */
function pubnet_widgets_field_name( string $key ): string {
	return PUBNET_WIDGETS_OPTION . '[' . $key . ']';
}

/**
 * The checkbox of the boolean setting `key`, after a hidden "0" of the same name: unticked, the
 * form still says so (a key the form does not send is kept).
 *
 * @param string $key The setting.
 * @param string $id  Its input's id, when a label names it.
 */
function pubnet_widgets_field_checkbox( string $key, string $id = '' ): void {
	printf( '<input type="hidden" name="%1$s" value="0"><input type="checkbox" name="%1$s" value="1"%2$s%3$s>', esc_attr( pubnet_widgets_field_name( $key ) ), '' !== $id ? ' id="' . esc_attr( $id ) . '"' : '', checked( pubnet_widgets_settings()[ $key ], true, false ) );
}

/**
 * The list setting `key` as a textarea of one item a line.
 *
 * @param string $key         The setting.
 * @param string $placeholder An example item.
 */
function pubnet_widgets_field_list( string $key, string $placeholder ): void {
	printf( '<textarea name="%s" id="%s" rows="3" class="regular-text" placeholder="%s">%s</textarea>', esc_attr( pubnet_widgets_field_name( $key ) ), esc_attr( 'pubnet_widgets_' . $key ), esc_attr( $placeholder ), esc_textarea( implode( "\n", pubnet_widgets_settings()[ $key ] ) ) );
}

/**
 * A field's note, under it.
 *
 * @param string $text The note.
 */
function pubnet_widgets_field_note( string $text ): void {
	echo '<p class="description">' . esc_html( $text ) . '</p>';
}
