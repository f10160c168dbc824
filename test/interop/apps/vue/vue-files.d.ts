// For `tsc`: what a single-file component is (Vite's Vue plugin compiles it).
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
