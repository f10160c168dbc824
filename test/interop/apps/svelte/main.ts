// Svelte 5: the state is the component's `$state`, set through its exported
// `set`; attributes bound with `attr={…}` (Svelte sets a property when the
// element has one, else the attribute), events as `onpubnet-*` attributes.
import { mount, unmount } from 'svelte';
import { start } from '../shared.js';
import App from './App.svelte';
import 'pubnet-widgets';

const app = mount(App, { target: document.getElementById('root')!, props: { initial: start() } });
window.app = { set: (patch) => app.set(patch), unmount: () => void unmount(app) };
