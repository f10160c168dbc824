/**
 * What a widget shows (its `state` attribute), in a module of its own: the
 * declarations of \`pubnet-widgets/render\` name it, and must not reach the
 * element classes (DOM types) for a server project without the DOM lib.
 */
export type WidgetState = 'loading' | 'ready' | 'fallback' | 'collapsed' | 'error';
