// `custom-elements.json` from the elements' doc comments (`@fires`, `@slot`,
// `@csspart`, `@cssprop`, one `/** */` per property), for editors, Storybook
// and the tables of the README and docs/elements.md. Run: `npx cem analyze` (the config is found by name).
import {
  attributeHelpers,
  defineElementCalls,
  distPaths,
  publicOnly,
} from './scripts/build/manifest.mjs';

export default {
  globs: ['src/components/**/*.ts'],
  // (`*.fixture.ts`: test data beside each element, for the contract suite.)
  exclude: [
    'src/components/**/*.styles.ts',
    'src/components/**/*.test.ts',
    'src/components/**/*.fixture.ts',
  ],
  outdir: '.',
  litelement: true,
  // package.json is the lead's: its `customElements` field is set by hand.
  packagejson: false,
  plugins: [defineElementCalls(), attributeHelpers(), publicOnly(), distPaths()],
};
