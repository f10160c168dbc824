// Vue 3: the state is a `reactive` object, bound with `:attr` (Vue sets a
// property when the element has one, else the attribute); events with `@pubnet-*`.
import { createApp, reactive } from 'vue';
import { start, type Attrs } from '../shared.js';
import App from './App.vue';
import 'pubnet-widgets';

const state = reactive(start());
const app = createApp(App, { s: state });
app.mount('#root');
window.app = {
  set: (patch: Partial<Attrs>) => void Object.assign(state, patch),
  unmount: () => app.unmount(),
};
